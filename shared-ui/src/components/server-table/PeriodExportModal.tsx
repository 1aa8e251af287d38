import { Alert, Flex, Modal, Radio, Typography } from 'antd';
import { PERIOD_EXPORT_FORMAT_LABELS, PERIOD_EXPORT_FORMATS, periodExportRefusal } from 'contracts';
import { useId, useState } from 'react';
import { DateField } from '../date-field/DateField';
import { downloadFromServer } from './exports';
import type { PagingParams } from './fetchers';
import { defaultExportPeriod, type ExportPeriod, periodExportUrl } from './period-export';
import type { PeriodExportOptions } from './server-table-props';

export const PERIOD_EXPORT_TITLE = 'Exporter la période';

interface PeriodExportModalProps extends PeriodExportOptions {
  /** What the table asks for now: its search, column filters and tab go with the export. */
  paging: PagingParams;
  onClose: () => void;
}

/**
 * Du, Au (this month in France to start with) and the format; "Exporter" checks the period as the server does
 * (contracts) and lets the browser download the file, written by the server as it reads every row.
 */
export function PeriodExportModal({ path, dateLabel, paging, onClose }: PeriodExportModalProps) {
  const [period, setPeriod] = useState<ExportPeriod>(() => defaultExportPeriod());
  const [refusal, setRefusal] = useState<string>();
  const id = useId();
  const change = (next: Partial<ExportPeriod>) => {
    setPeriod((current) => ({ ...current, ...next }));
    setRefusal(undefined);
  };

  const submit = () => {
    const reason = periodExportRefusal(period.from, period.to);
    if (reason) {
      setRefusal(reason);
      return;
    }
    downloadFromServer(periodExportUrl(path, period, paging));
    onClose();
  };

  return (
    <Modal open title={PERIOD_EXPORT_TITLE} okText="Exporter" cancelText="Annuler" onOk={submit} onCancel={onClose}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Toutes les lignes de la liste telle qu’elle est filtrée (recherche, filtres, onglet), pas seulement la page
          affichée, dont la {dateLabel} est comprise entre ces deux jours inclus.
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center">
          <label htmlFor={`${id}-from`}>Du</label>
          <DateField id={`${id}-from`} value={period.from} onChange={(from) => change({ from })} />
          <label htmlFor={`${id}-to`}>Au</label>
          <DateField id={`${id}-to`} value={period.to} onChange={(to) => change({ to })} />
        </Flex>
        <Radio.Group
          aria-label="Format"
          value={period.format}
          onChange={(event) => change({ format: event.target.value })}
          options={PERIOD_EXPORT_FORMATS.map((format) => ({
            value: format,
            label: PERIOD_EXPORT_FORMAT_LABELS[format],
          }))}
        />
        {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
      </Flex>
    </Modal>
  );
}
