import { Alert, Button, Form, Skeleton, Tabs, Typography } from 'antd';
import {
  ALL_COMPANIES_ID,
  CONFIGURATION_SAVED_MESSAGE,
  FOLDER_PLACEHOLDER,
  type NotificationConfig,
  SELECT_COMPANY_MESSAGE,
} from 'contracts';
import { useCallback, useState } from 'react';
import {
  ErrorState,
  errorMessage,
  PageHeader,
  PhoneListInput,
  RichTextEditor,
  selectClaims,
  useRemoteData,
  useSession,
} from 'shared-ui';
import { getCompanyUsers } from '../api/get-company-users';
import { getConfiguration } from '../api/get-configuration';
import { saveConfiguration } from '../api/save-configuration';
import { RecipientFields } from './RecipientFields';

const SAVE_FAILED = 'La configuration n’a pas pu être enregistrée';

type Outcome = { type: 'success' | 'error'; text: string } | null;

function ConfigurationForm({ companyId }: { companyId: number }) {
  const [form] = Form.useForm<NotificationConfig>();
  const config = useRemoteData(getConfiguration);
  const loadUsers = useCallback(() => getCompanyUsers(companyId), [companyId]);
  const users = useRemoteData(loadUsers);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (config.error) return <ErrorState onRetry={() => void config.reload()} />;
  if (!config.data) return <Skeleton active />;

  const save = async (values: NotificationConfig) => {
    setSaving(true);
    setOutcome(null);
    try {
      const answer = await saveConfiguration(values);
      setOutcome(
        answer.code === 200
          ? { type: 'success', text: answer.detail ?? CONFIGURATION_SAVED_MESSAGE }
          : { type: 'error', text: answer.detail ?? answer.error ?? SAVE_FAILED },
      );
    } catch (error) {
      // The form keeps every value typed: only the message changes.
      setOutcome({ type: 'error', text: errorMessage(error, SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  };

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
                  <RichTextEditor mode="sms" label="Modèle de SMS" />
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
                loadingUsers={users.loading}
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
                loadingUsers={users.loading}
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
