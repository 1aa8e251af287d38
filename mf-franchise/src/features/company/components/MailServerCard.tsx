import { Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import {
  type MailServerBody,
  mailServerSchema,
  type SendingSettings,
  SMTP_SECURITIES,
  SMTP_SECURITY_LABELS,
  senderDomain,
} from 'contracts';
import { requiredChoice, zodRule } from 'shared-ui';
import { saveMailServer } from '../api/sending';
import { useSendingForm } from '../hooks/use-sending-form';
import { SendingCardFooter } from './SendingCardFooter';
import { LevelPicker, SourceTag } from './SendingLevelPicker';

type Values = MailServerBody['server'];

const SECURITY_OPTIONS = SMTP_SECURITIES.map((value) => ({ value, label: SMTP_SECURITY_LABELS[value] }));
const rule = (field: keyof typeof mailServerSchema.shape) => [zodRule(mailServerSchema.shape[field])];

/** SPF and DKIM in the words of the person who will ask the host for them. */
function DeliverabilityAdvice({ fromAddress }: { fromAddress: string }) {
  const domain = senderDomain(fromAddress);
  if (!domain) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
      Pour que ces e-mails n’arrivent pas en courrier indésirable, le domaine <b>{domain}</b> doit autoriser ce serveur
      dans son enregistrement SPF et signer les messages (DKIM). Demandez ces deux enregistrements DNS à l’hébergeur du
      serveur d’envoi.
    </Typography.Paragraph>
  );
}

function MailServerFields({ passwordSet }: { passwordSet: boolean }) {
  return (
    <Row gutter={12}>
      <Col xs={24} md={10}>
        <Form.Item label="Serveur" name="host" rules={rule('host')} required>
          <Input placeholder="smtp.exemple.fr" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={12} md={4}>
        <Form.Item label="Port" name="port" rules={rule('port')} required>
          <Input inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={12} md={10}>
        <Form.Item label="Chiffrement" name="security" rules={[requiredChoice('Choisissez le chiffrement')]}>
          <Select options={SECURITY_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Identifiant"
          name="username"
          rules={rule('username')}
          extra="Vide : serveur sans authentification"
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Mot de passe"
          name="password"
          extra={passwordSet ? 'Un mot de passe est enregistré (chiffré) : laissez vide pour le garder' : undefined}
        >
          <Input.Password autoComplete="new-password" placeholder={passwordSet ? '••••••••' : ''} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Adresse d’expéditeur" name="fromAddress" rules={rule('fromAddress')} required>
          <Input placeholder="atelier@garage.fr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Nom d’expéditeur" name="fromName" rules={rule('fromName')}>
          <Input placeholder="Garage du Centre" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The garage's (or network's) SMTP server: where its quotes, invoices and reminders leave from. */
export function MailServerCard({ settings }: { settings: SendingSettings }) {
  const { companyId, network, mail } = settings;
  const { level, setLevel, stored, readOnly, saving, save, remove } = useSendingForm(settings, 'mail');
  const [form] = Form.useForm<Values>();
  const fromAddress = Form.useWatch('fromAddress', form) ?? stored?.fromAddress ?? '';
  const submit = (values: Values) =>
    save(
      (at) => saveMailServer(companyId, { level: at, server: { ...values, password: values.password || undefined } }),
      'Serveur d’envoi enregistré',
      () => form.setFieldValue('password', ''),
    );

  return (
    <Card title="E-mails : serveur d’envoi (SMTP)" size="small" extra={<SourceTag source={mail.source} />}>
      <LevelPicker network={network} level={level} onChange={setLevel} />
      <Form<Values>
        key={level}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ port: 587, security: 'starttls', username: '', fromName: '', ...stored, password: '' }}
        onFinish={submit}
      >
        <MailServerFields passwordSet={Boolean(stored?.passwordSet)} />
        <DeliverabilityAdvice fromAddress={fromAddress} />
        <SendingCardFooter
          companyId={companyId}
          channel="mail"
          source={mail.source}
          submitLabel="Enregistrer le serveur"
          saving={saving}
          onRemove={stored && !readOnly ? remove : undefined}
        />
      </Form>
    </Card>
  );
}
