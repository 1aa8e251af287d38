import { Alert, Button, Form, Input } from 'antd';
import { CENTRE_MESSAGES, type NewPasswordBody, PASSWORD_MIN_LENGTH } from 'contracts';

export interface NewPasswordFormProps {
  /** The account's address: given to password managers, which then save the new password under it. */
  email: string;
  submitLabel: string;
  saving: boolean;
  /** The server's refusal, written above the form; what was typed stays in it. */
  error: string | null;
  onSubmit: (values: NewPasswordBody) => void;
}

/**
 * « Choisir un mot de passe », typed twice: the page of a reset link and the activation of an account created
 * without a password. The browser checks what the server checks (contracts' minimum length, both equal), so a
 * refusal is rarely a round trip.
 */
export function NewPasswordForm({ email, submitLabel, saving, error, onSubmit }: NewPasswordFormProps) {
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form<NewPasswordBody> layout="vertical" onFinish={onSubmit} requiredMark={false}>
        {/* Not shown: tells a password manager whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Item
          label="Nouveau mot de passe"
          name="password"
          extra={`${PASSWORD_MIN_LENGTH} caractères au moins.`}
          rules={[
            { required: true, message: CENTRE_MESSAGES.passwordRequired },
            { min: PASSWORD_MIN_LENGTH, message: CENTRE_MESSAGES.passwordTooShort },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirmez le mot de passe"
          name="confirmation"
          dependencies={['password']}
          rules={[
            { required: true, message: CENTRE_MESSAGES.passwordRequired },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(CENTRE_MESSAGES.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
