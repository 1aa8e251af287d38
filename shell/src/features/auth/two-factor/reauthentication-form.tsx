import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { type TwoFactorSetupBody, twoFactorSetupBodySchema } from 'contracts';
import { useState } from 'react';
import { errorMessage, useSaveAction, zodRule } from 'shared-ui';

/**
 * Before a new factor is drawn, the account's password is typed again: an open session (a computer left unlocked)
 * is not enough to change how the account signs in. A refusal is written above the field, which keeps what was typed.
 */
export function ReauthenticationForm({ onConfirmed }: { onConfirmed: (password: string) => Promise<void> }) {
  const { run, saving } = useSaveAction();
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ password }: TwoFactorSetupBody) => {
    setError(null);
    await run(() => onConfirmed(password), {
      onRefused: (cause) => {
        setError(errorMessage(cause, 'Vérification impossible, réessayez.'));
        return true;
      },
    });
  };

  return (
    <Form<TwoFactorSetupBody>
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={saving}
      style={{ maxWidth: 420, marginTop: 16 }}
    >
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Mot de passe actuel"
        name="password"
        extra="Pour activer la double authentification, confirmez d’abord votre mot de passe."
        rules={[zodRule(twoFactorSetupBodySchema.shape.password)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SafetyCertificateOutlined />} loading={saving}>
        Activer la double authentification
      </Button>
    </Form>
  );
}
