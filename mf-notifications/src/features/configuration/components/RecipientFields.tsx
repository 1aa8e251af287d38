import { Form, Radio, Select, Space } from 'antd';
import { type GarageUser, RECIPIENT_CHOICES, RECIPIENT_LABELS, userLabel } from 'contracts';

export interface RecipientFieldsProps {
  /** Form field of the default group and of the users picked one by one. */
  choiceName: 'defaultRecipients' | 'mailDefaultRecipients';
  usersName: 'usersRecipients' | 'mailUsersRecipients';
  users: GarageUser[];
  loadingUsers: boolean;
  /** "notifications" or "e-mails", for the labels. */
  what: string;
}

export function RecipientFields({ choiceName, usersName, users, loadingUsers, what }: RecipientFieldsProps) {
  return (
    <>
      <Form.Item name={choiceName} label={`Destinataires par défaut des ${what}`}>
        <Radio.Group>
          <Space direction="vertical">
            {RECIPIENT_CHOICES.map((choice) => (
              <Radio key={choice} value={choice}>
                {RECIPIENT_LABELS[choice]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name={usersName} label={`Autres utilisateurs recevant les ${what}`}>
        <Select
          mode="multiple"
          allowClear
          loading={loadingUsers}
          placeholder="Choisir des utilisateurs"
          optionFilterProp="label"
          options={users.map((user) => ({ value: user.id, label: userLabel(user) }))}
          aria-label={`Autres utilisateurs recevant les ${what}`}
        />
      </Form.Item>
    </>
  );
}
