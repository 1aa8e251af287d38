import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, List, Typography } from 'antd';
import type { PlatformTestResult } from 'contracts';
import { useState } from 'react';
import { useInvalidate, useSaveAction } from 'shared-ui';
import { einvoicingPath, testPlatform } from '../api/einvoicing';

type Step = PlatformTestResult['steps'][number];

function StepMark({ ok }: { ok: boolean }) {
  return ok ? (
    <CheckCircleFilled style={{ color: '#389e0d', fontSize: 18 }} aria-label="Réussi" />
  ) : (
    <CloseCircleFilled style={{ color: '#cf1322', fontSize: 18 }} aria-label="Échoué" />
  );
}

/**
 * « Tester la connexion »: the saved platform tried step by step (a token, the flow service, the directory, the
 * webhook subscribed again), each step with what the platform answered, shown under the button rather than in a
 * passing toast. A success subscribes the garage again: its webhook line is read again.
 */
export function PlatformTest({ companyId, disabled }: { companyId: number; disabled: boolean }) {
  const [result, setResult] = useState<PlatformTestResult | null>(null);
  const { saving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const test = () =>
    void run(async () => {
      setResult(null);
      setResult(await testPlatform(companyId));
      await invalidate(einvoicingPath(companyId));
    });
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={test} loading={saving} disabled={disabled}>
          Tester la connexion
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Le test utilise le réglage enregistré.
        </Typography.Text>
      </Flex>
      {result ? (
        <List<Step>
          size="small"
          bordered
          data-testid="platform-test-result"
          header={result.ok ? 'Connexion réussie' : 'La connexion a échoué'}
          dataSource={result.steps}
          renderItem={(step) => (
            <List.Item>
              <List.Item.Meta avatar={<StepMark ok={step.ok} />} title={step.label} description={step.detail} />
            </List.Item>
          )}
        />
      ) : null}
    </Flex>
  );
}
