import { Card, Form, Input, Typography } from 'antd';
import { type SendingSettings, type SmsProviderBody, smsProviderSchema } from 'contracts';
import { zodRule } from 'shared-ui';
import { saveSmsProvider } from '../api/sending';
import { useSendingForm } from '../hooks/use-sending-form';
import { SendingCardFooter } from './SendingCardFooter';
import { LevelPicker, SourceTag } from './SendingLevelPicker';

type Values = SmsProviderBody['provider'];

/** The garage's (or network's) SMS provider: Brevo's transactional SMS API, or any provider speaking it. */
export function SmsProviderCard({ settings }: { settings: SendingSettings }) {
  const { companyId, network, sms } = settings;
  const { level, setLevel, stored, readOnly, saving, save, remove } = useSendingForm(settings, 'sms');
  const [form] = Form.useForm<Values>();
  const submit = (values: Values) =>
    save(
      (at) => saveSmsProvider(companyId, { level: at, provider: { ...values, apiKey: values.apiKey || undefined } }),
      'Fournisseur de SMS enregistré',
      () => form.setFieldValue('apiKey', ''),
    );

  return (
    <Card title="SMS : fournisseur" size="small" extra={<SourceTag source={sms.source} />}>
      <LevelPicker network={network} level={level} onChange={setLevel} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        L’API des SMS transactionnels de Brevo (https://api.brevo.com/v3), ou celle d’un fournisseur qui la parle.
      </Typography.Paragraph>
      <Form<Values>
        key={level}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ apiUrl: 'https://api.brevo.com/v3', sender: '', ...stored, apiKey: '' }}
        onFinish={submit}
      >
        <Form.Item label="Adresse de l’API" name="apiUrl" rules={[zodRule(smsProviderSchema.shape.apiUrl)]} required>
          <Input />
        </Form.Item>
        <Form.Item
          label="Clé d’API"
          name="apiKey"
          extra={stored?.apiKeySet ? 'Une clé est enregistrée (chiffrée) : laissez vide pour la garder' : undefined}
        >
          <Input.Password autoComplete="new-password" placeholder={stored?.apiKeySet ? '••••••••' : ''} />
        </Form.Item>
        <Form.Item
          label="Expéditeur affiché"
          name="sender"
          rules={[zodRule(smsProviderSchema.shape.sender)]}
          extra="3 à 11 lettres ou chiffres, le nom que lisent les clients"
          required
        >
          <Input maxLength={11} style={{ maxWidth: 200 }} />
        </Form.Item>
        <SendingCardFooter
          companyId={companyId}
          channel="sms"
          source={sms.source}
          submitLabel="Enregistrer le fournisseur"
          saving={saving}
          onRemove={stored && !readOnly ? remove : undefined}
        />
      </Form>
    </Card>
  );
}
