import { Alert, Card, Col, Descriptions, Form, Input, Row } from 'antd';
import {
  type PlatformSettingsBody,
  type PlatformSettingsView,
  platformSettingsSchema,
  type SenderSource,
  type StoredPlatform,
} from 'contracts';
import { Link } from 'react-router-dom';
import { formatDateTime, zodRule } from 'shared-ui';
import { einvoicingPath, removePlatform, savePlatform } from '../api/einvoicing';
import { useLevelForm } from '../hooks/use-level-form';
import { PlatformTest } from './PlatformTest';
import { SaveRemoveButtons } from './SendingCardFooter';
import { LevelPicker, SourceTag } from './SendingLevelPicker';

type Values = PlatformSettingsBody['platform'];

/** Which platform the garage uses, in the card's tag (a platform never comes from the server's environment). */
const PLATFORM_SOURCE_LABELS: Record<SenderSource, string> = {
  garage: 'Réglage du garage',
  network: 'Réglage du réseau',
  server: 'Réglage du serveur',
  none: 'Aucune plateforme',
};

const rule = (field: keyof typeof platformSettingsSchema.shape) => [zodRule(platformSettingsSchema.shape[field])];

function PlatformFields({ secretSet }: { secretSet: boolean }) {
  return (
    <Row gutter={12}>
      <Col xs={24}>
        <Form.Item label="Adresse du service des flux" name="flowUrl" rules={rule('flowUrl')} required>
          <Input placeholder="https://api.plateforme.fr/flow-service" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Adresse de l’annuaire" name="directoryUrl" rules={rule('directoryUrl')} required>
          <Input placeholder="https://api.plateforme.fr/directory-service" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Adresse du jeton OAuth2" name="tokenUrl" rules={rule('tokenUrl')} required>
          <Input placeholder="https://auth.plateforme.fr/oauth2/token" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Identifiant client" name="clientId" rules={rule('clientId')} required>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Secret client"
          name="clientSecret"
          extra={secretSet ? 'Un secret est enregistré (chiffré) : laissez vide pour le garder' : undefined}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={secretSet ? 'Enregistré — laissez vide pour le garder' : ''}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** What the platform knows of the garage: its electronic address in the directory, and the webhook it calls. */
function PlatformStatus({ settings }: { settings: PlatformSettingsView }) {
  const { electronicAddress, webhook } = settings;
  return (
    <Descriptions size="small" column={1} style={{ marginTop: 16 }} data-testid="platform-status">
      <Descriptions.Item label="Adresse électronique du garage">
        {electronicAddress || (
          <span>
            aucune : renseignez le SIREN du garage dans <Link to="/company">Ma société</Link>
          </span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Abonnement aux factures reçues">
        {webhook
          ? `abonné le ${formatDateTime(webhook.createdAt)} : la plateforme appelle ${webhook.callbackUrl}`
          : 'pas encore : testez la connexion pour abonner le garage'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The garage's (or network's) approved platform: its API addresses and the OAuth2 client it gave the garage. */
export function PlatformCard({ settings }: { settings: PlatformSettingsView }) {
  const { companyId, network, source } = settings;
  const { level, setLevel, stored, readOnly, saving, save, remove } = useLevelForm<
    PlatformSettingsView,
    StoredPlatform
  >({
    path: einvoicingPath(companyId),
    network,
    garage: settings.garage,
    networkSetting: settings.networkSetting,
    removeAt: (at) => removePlatform(companyId, at),
  });
  const [form] = Form.useForm<Values>();
  const submit = (values: Values) =>
    save(
      (at) =>
        savePlatform(companyId, { level: at, platform: { ...values, clientSecret: values.clientSecret || undefined } }),
      'Plateforme agréée enregistrée',
      () => form.setFieldValue('clientSecret', ''),
    );

  return (
    <Card title="Plateforme agréée" size="small" extra={<SourceTag source={source} labels={PLATFORM_SOURCE_LABELS} />}>
      <LevelPicker
        network={network}
        level={level}
        onChange={setLevel}
        lockedTitle="Seul le siège du réseau règle la plateforme de tout le réseau"
      />
      <Form<Values>
        key={level}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ flowUrl: '', directoryUrl: '', tokenUrl: '', clientId: '', ...stored, clientSecret: '' }}
        onFinish={submit}
      >
        <PlatformFields secretSet={Boolean(stored?.clientSecretSet)} />
        <SaveRemoveButtons
          submitLabel="Enregistrer"
          saving={saving}
          onRemove={stored && !readOnly ? remove : undefined}
        />
      </Form>
      {source === 'none' ? (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message="Aucune plateforme : les factures fournisseurs ne sont pas reçues"
        />
      ) : null}
      <PlatformStatus settings={settings} />
      <PlatformTest companyId={companyId} disabled={source === 'none'} />
    </Card>
  );
}
