import { FileZipOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { archivePeriodRefusal, monthOf, parisToday } from 'contracts';
import { useId, useState } from 'react';
import { DateField, useSaveAction } from 'shared-ui';
import { createArchive } from '../api/archives';

/** This month in France up to today: what a garage most often hands over. */
const defaultPeriod = () => ({ from: monthOf(parisToday()).from, to: parisToday() });

/**
 * « Archiver une période »: Du and Au (Paris days, both included), checked as the server does (contracts); the
 * archive is made, signed and chained by the server, then the list shows it.
 */
export function ArchivePeriodForm({ companyId, onMade }: { companyId: number; onMade: () => void }) {
  const [period, setPeriod] = useState(defaultPeriod);
  const [refusal, setRefusal] = useState<string>();
  const { saving, run } = useSaveAction();
  const id = useId();
  const change = (next: Partial<typeof period>) => {
    setPeriod((current) => ({ ...current, ...next }));
    setRefusal(undefined);
  };
  const submit = async () => {
    const reason = archivePeriodRefusal(period.from, period.to);
    if (reason) {
      setRefusal(reason);
      return;
    }
    if (await run(() => createArchive(companyId, period), { done: 'Archive signée créée' })) onMade();
  };

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap align="center">
        <label htmlFor={`${id}-from`}>Du</label>
        <DateField id={`${id}-from`} value={period.from} onChange={(from) => change({ from })} />
        <label htmlFor={`${id}-to`}>Au</label>
        <DateField id={`${id}-to`} value={period.to} max={parisToday()} onChange={(to) => change({ to })} />
        <Button type="primary" icon={<FileZipOutlined />} loading={saving} onClick={() => void submit()}>
          Archiver la période
        </Button>
      </Flex>
      {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
    </Flex>
  );
}
