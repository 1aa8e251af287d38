import { Alert, Button, Form, Skeleton, Tabs, Typography } from 'antd';
import {
  ALL_COMPANIES_ID,
  CONFIGURATION_SAVED_MESSAGE,
  FOLDER_PLACEHOLDER,
  type NotificationConfig,
  SELECT_COMPANY_MESSAGE,
} from 'contracts';
import { useState } from 'react';
import {
  ErrorState,
  errorMessage,
  PageHeader,
  PhoneListInput,
  SmsTemplateField,
  selectClaims,
  useApiQuery,
  useInvalidate,
  useSession,
} from 'shared-ui';
import { getCompanyUsers } from '../api/get-company-users';
import { getConfiguration } from '../api/get-configuration';
import { saveConfiguration } from '../api/save-configuration';
import { RecipientFields } from './RecipientFields';

const SAVE_FAILED = 'La configuration n’a pas pu être enregistrée';

type Outcome = { type: 'success' | 'error'; text: string } | null;

/**
 * Saves the configuration and says how it went; the form keeps every value typed, only the message changes. Saved,
 * the configuration is read again, so the page opens with it next time.
 */
function useSaveConfiguration() {
  const invalidate = useInvalidate();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = async (values: NotificationConfig) => {
    setSaving(true);
    setOutcome(null);
    try {
      const answer = await saveConfiguration(values);
      if (answer.code === 200) void invalidate('api/notifications/configure');
      setOutcome(
        answer.code === 200
          ? { type: 'success', text: answer.detail ?? CONFIGURATION_SAVED_MESSAGE }
          : { type: 'error', text: answer.detail ?? answer.error ?? SAVE_FAILED },
      );
    } catch (error) {
      setOutcome({ type: 'error', text: errorMessage(error, SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  };
  return { saving, outcome, setOutcome, save };
}

function ConfigurationForm({ companyId }: { companyId: number }) {
  const [form] = Form.useForm<NotificationConfig>();
  const config = useApiQuery('api/notifications/configure', getConfiguration);
  const users = useApiQuery(`api/company/${companyId}/users`, () => getCompanyUsers(companyId));
  const { saving, outcome, setOutcome, save } = useSaveConfiguration();

  // Once shown, the form stays (with what is typed) even if reading the configuration again fails.
  if (config.error && !config.data) return <ErrorState onRetry={() => void config.refetch()} />;
  if (!config.data) return <Skeleton active />;

  const userList = users.data ?? [];
  return (
    <Form form={form} layout="vertical" initialValues={config.data} onFinish={(values) => void save(values)}>
      {outcome ? (
        <Alert
          type={outcome.type}
          message={outcome.text}
          showIcon
          closable
          onClose={() => setOutcome(null)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Tabs
        defaultActiveKey="sms"
        items={[
          {
            key: 'sms',
            label: 'SMS',
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name="smsTemplate"
                  label="Modèle de SMS"
                  extra={`${FOLDER_PLACEHOLDER} est remplacé par le nom du dossier à l’envoi.`}
                >
                  <SmsTemplateField label="Modèle de SMS" />
                </Form.Item>
                <PhoneListInput name="phones" label="Numéros de téléphone destinataires" />
              </>
            ),
          },
          {
            key: 'notifications',
            label: 'Notifications',
            forceRender: true,
            children: (
              <RecipientFields
                choiceName="defaultRecipients"
                usersName="usersRecipients"
                users={userList}
                loadingUsers={users.isLoading}
                what="notifications"
              />
            ),
          },
          {
            key: 'emails',
            label: 'Emails',
            forceRender: true,
            children: (
              <RecipientFields
                choiceName="mailDefaultRecipients"
                usersName="mailUsersRecipients"
                users={userList}
                loadingUsers={users.isLoading}
                what="e-mails"
              />
            ),
          },
        ]}
      />
      <Button type="primary" htmlType="submit" loading={saving}>
        Enregistrer
      </Button>
    </Form>
  );
}

/** /company/notifications: who receives what for the selected garage; nothing but a warning under TOUT. */
export function ConfigurationPage() {
  const companyId = useSession(selectClaims)?.companyId ?? ALL_COMPANIES_ID;
  return (
    <>
      <PageHeader title="Configurer les notifications" />
      {companyId === ALL_COMPANIES_ID ? (
        <Alert type="warning" showIcon message={SELECT_COMPANY_MESSAGE} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Choisissez qui reçoit les notifications, les e-mails et les SMS de ce garage.
          </Typography.Paragraph>
          <ConfigurationForm key={companyId} companyId={companyId} />
        </>
      )}
    </>
  );
}
