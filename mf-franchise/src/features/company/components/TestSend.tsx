import { Alert, Button, Flex, Input } from 'antd';
import type { SendingChannel, SendingTestResult } from 'contracts';
import { useState } from 'react';
import { useSaveAction } from 'shared-ui';
import { sendTest } from '../api/sending';

/**
 * « Envoyer un test »: one message through the server the garage's messages use, now; what the server answered is
 * shown under it (accepted, or its refusal word for word), not in a passing toast.
 */
export function TestSend({
  companyId,
  channel,
  disabled,
}: {
  companyId: number;
  channel: SendingChannel;
  disabled: boolean;
}) {
  const [to, setTo] = useState('');
  const [result, setResult] = useState<SendingTestResult | null>(null);
  const { saving, run } = useSaveAction();
  const label = channel === 'mail' ? 'Adresse e-mail du test' : 'Mobile du test';
  const send = () =>
    void run(async () => {
      setResult(null);
      setResult(await sendTest(companyId, channel, { to }));
    });
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }}>
      <Flex gap={8} wrap>
        <Input
          aria-label={label}
          placeholder={channel === 'mail' ? 'vous@garage.fr' : '06 12 34 56 78'}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onPressEnter={send}
          style={{ maxWidth: 280 }}
          disabled={disabled}
        />
        <Button onClick={send} loading={saving} disabled={disabled || to.trim() === ''}>
          Envoyer un test
        </Button>
      </Flex>
      {result ? (
        <Alert
          showIcon
          type={result.sent ? 'success' : 'error'}
          message={result.detail}
          data-testid={`${channel}-test-result`}
        />
      ) : null}
    </Flex>
  );
}
