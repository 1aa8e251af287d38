import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { type PasswordResetRequestBody, passwordResetRequestedSchema } from 'contracts';
import { useState } from 'react';
import { errorMessage, request, useSaveAction } from 'shared-ui';

const REQUEST_FAILED = 'La demande n’a pas pu être envoyée, réessayez.';

/**
 * /forgot-password: public page behind « Mot de passe oublié ? » on the sign-in page. The server answers the same
 * message whether the address has an account or not; the page shows it as it came, and nothing else.
 */
export function ForgotPasswordPage() {
  const { saving, run } = useSaveAction();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** A refusal (too many requests, a malformed address) is written above the form; the address typed stays. */
  const showRefusal = (cause: unknown) => {
    setError(errorMessage(cause, REQUEST_FAILED));
    return true;
  };

  const ask = async (values: PasswordResetRequestBody) => {
    setError(null);
    let message = '';
    const sent = await run(
      async () => {
        ({ message } = await request('api/password-reset', passwordResetRequestedSchema, {
          method: 'post',
          json: values,
        }));
      },
      { onRefused: showRefusal },
    );
    if (sent) setAnswer(message);
  };

  return (
    <Card style={{ maxWidth: 480, margin: '48px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        Mot de passe oublié
      </Typography.Title>
      {answer ? (
        <Flex vertical gap={16} align="start">
          <Alert type="success" showIcon message={answer} role="status" />
          <a href="/login">Retour à la connexion</a>
        </Flex>
      ) : (
        <>
          <Typography.Paragraph>
            Saisissez l’adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
          <Form<PasswordResetRequestBody>
            layout="vertical"
            onFinish={(values) => void ask(values)}
            requiredMark={false}
          >
            <Form.Item
              label="Adresse e-mail"
              name="email"
              rules={[
                { required: true, message: 'L’adresse e-mail est obligatoire' },
                { type: 'email', message: 'Adresse e-mail invalide' },
              ]}
            >
              <Input type="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Flex gap={16} wrap align="center">
              <Button type="primary" htmlType="submit" loading={saving}>
                Recevoir un lien
              </Button>
              <a href="/login">Retour à la connexion</a>
            </Flex>
          </Form>
        </>
      )}
    </Card>
  );
}
