import { Alert, Flex, Skeleton } from 'antd';
import { formatParisDateTime } from 'contracts';
import { useEffect } from 'react';
import { EmptyState, ErrorState, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { getTodayTasks } from '../api/fitter-tasks';
import { isUnreachable, saveDay, savedDay } from '../hooks/task-cache';
import { useRefreshOnSent } from '../hooks/use-refresh-on-sent';
import { isOnline, useStepQueue } from '../hooks/use-step-queue';
import { loadFitterTaskPage } from '../load-task-page';
import { formatDay } from './format';
import { SyncBanner } from './SyncBanner';
import { TaskCard } from './TaskCard';

const PAGE_STYLE = { maxWidth: 640, margin: '0 auto' } as const;

/** The day from the server, saved on the phone; without network, the day the phone saved last, with when. */
async function loadDay(owner: string) {
  const saved = async (error?: unknown) => {
    const day = await savedDay(owner);
    if (!day) throw error ?? new Error('Aucune liste enregistrée sur ce téléphone');
    return { ...day.answer, savedAt: day.savedAt };
  };
  // Known offline: the saved day at once, without waiting for a request to fail.
  if (!isOnline()) return saved();
  try {
    const answer = await getTodayTasks();
    await saveDay(owner, answer);
    return { ...answer, savedAt: undefined };
  } catch (error) {
    if (isUnreachable(error)) return saved(error);
    throw error;
  }
}

/**
 * /calendar/tasks: the fitter's folders of the day, by appointment time, each with its next step. Without network
 * the day the phone saved last is shown, with when it was read.
 */
export function FitterTasksPage() {
  const owner = useSession((state) => state.claims?.email ?? '');
  // Read offline too (`always`): the loader answers from the phone then.
  const { data, error, refetch } = useApiQuery('api/fitter/tasks/today', () => loadDay(owner), {
    networkMode: 'always',
  });
  const { state } = useStepQueue();
  // Steps recorded meanwhile change statuses: the day is read again.
  useRefreshOnSent(state.sent);
  // Back online after a list read from the phone: read the day again.
  const fromPhone = Boolean(data?.savedAt);
  useEffect(() => {
    if (state.online && fromPhone) void refetch();
  }, [state.online, fromPhone, refetch]);
  // The task page's code comes now, while there is network: it opens in a basement too.
  useEffect(() => {
    void loadFitterTaskPage().catch(() => undefined);
  }, []);

  return (
    <div style={PAGE_STYLE}>
      <PageHeader title="Mes interventions du jour" subtitle={data ? formatDay(data.date) : undefined} />
      <SyncBanner state={state} />
      {data?.savedAt ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="fitter-saved-day"
          message={`Liste enregistrée sur le téléphone le ${formatParisDateTime(new Date(data.savedAt))}`}
          description="Elle sera relue dès le retour du réseau."
        />
      ) : null}
      {error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
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
