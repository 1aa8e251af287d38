import { Flex, Skeleton } from 'antd';
import { useCallback, useEffect } from 'react';
import { EmptyState, ErrorState, PageHeader, useRemoteData } from 'shared-ui';
import { getTodayTasks } from '../api/fitter-tasks';
import { rememberTasks } from '../hooks/task-cache';
import { useStepQueue } from '../hooks/useStepQueue';
import { formatDay } from './format';
import { SyncBanner } from './SyncBanner';
import { TaskCard } from './TaskCard';

const PAGE_STYLE = { maxWidth: 640, margin: '0 auto' } as const;

/** /calendar/tasks: the fitter's folders of the day, by appointment time, each with its next step. */
export function FitterTasksPage() {
  const load = useCallback(async () => {
    const answer = await getTodayTasks();
    rememberTasks(answer.tasks);
    return answer;
  }, []);
  const { data, error, reload } = useRemoteData(load);
  const { state } = useStepQueue();
  const sent = state.sent.length;
  // Steps recorded meanwhile change statuses: read the day again.
  useEffect(() => {
    if (sent > 0) void reload();
  }, [sent, reload]);
  // The task page's code comes now, while there is network: it opens in a basement too.
  useEffect(() => {
    void import('./FitterTaskPage').catch(() => undefined);
  }, []);

  return (
    <div style={PAGE_STYLE}>
      <PageHeader title="Mes interventions du jour" subtitle={data ? formatDay(data.date) : undefined} />
      <SyncBanner state={state} />
      {error && !data ? (
        <ErrorState onRetry={() => void reload()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.tasks.length === 0 ? (
        <EmptyState description="Aucune intervention prévue aujourd’hui" />
      ) : (
        <Flex vertical gap={12}>
          {data.tasks.map((task) => (
            <TaskCard key={task.folderId} task={task} queue={state} />
          ))}
        </Flex>
      )}
    </div>
  );
}
