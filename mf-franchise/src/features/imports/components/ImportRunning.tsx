import { Spin, Typography } from 'antd';
import type { ImportProgress } from '../hooks/use-import-progress';

const count = (value: number) => value.toLocaleString('fr-FR');

/**
 * While a check or an import runs: the step the server is at and its rows done, as a bar; before its first word
 * (or without the notification stream), a spinner with the number of rows.
 */
export function ImportRunning({ rows, progress }: { rows: number; progress: ImportProgress | null }) {
  if (!progress || progress.total === 0) {
    return (
      <Spin style={{ display: 'block', marginTop: 12 }} tip={`${count(rows)} lignes en cours de traitement…`}>
        <div style={{ height: 24 }} />
      </Spin>
    );
  }
  const percent = Math.floor((progress.done * 100) / progress.total);
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text>
        {progress.step} : {count(progress.done)} sur {count(progress.total)}
      </Typography.Text>
      {/* The browser's own bar: antd's Progress would weigh on every page (antd is one chunk shared by all). */}
      <progress
        max={progress.total}
        value={progress.done}
        aria-label={`${progress.step} : ${percent} %`}
        style={{ display: 'block', width: '100%', height: 8, marginTop: 4, accentColor: 'var(--ant-color-primary)' }}
      />
    </div>
  );
}
