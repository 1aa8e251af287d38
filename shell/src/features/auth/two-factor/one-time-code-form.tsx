import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';

interface Props {
  /** 'totp': six digits of the app (the phone's keypad, the code the browser may fill); 'recovery': a code from paper. */
  mode: 'totp' | 'recovery';
  submitLabel: string;
  /** Sends the code; a rejection keeps the form open (the caller shows why) with the field emptied. */
  onCode: (code: string) => Promise<void>;
  /** Labels differ when several codes are asked on one page. */
  label?: string;
}

/** One field for a one-time code and its button. Deep antd imports: the login page draws it too. */
export function OneTimeCodeForm({ mode, submitLabel, onCode, label }: Props) {
  const [form] = Form.useForm<{ code: string }>();
  const [sending, setSending] = useState(false);
  const totp = mode === 'totp';
  const submit = async ({ code }: { code: string }) => {
    setSending(true);
    try {
      await onCode(code);
    } catch {
      form.resetFields();
    } finally {
      setSending(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={sending}>
      <Form.Item
        label={label ?? (totp ? 'Code à 6 chiffres de l’application' : 'Code de secours')}
        name="code"
        rules={[
          { required: true, message: 'Saisissez le code' },
          totp
            ? { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Le code compte 6 chiffres' }
            : {
                pattern: /^\s*[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}\s*$/,
                message: 'Un code de secours compte 10 caractères',
              },
        ]}
      >
        <Input
          autoComplete={totp ? 'one-time-code' : 'off'}
          inputMode={totp ? 'numeric' : 'text'}
          maxLength={totp ? 7 : 11}
          autoFocus
          style={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 2 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={sending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
