import { Alert } from 'antd';
import { FITTER_ALL_SENT, FITTER_OFFLINE, FITTER_PENDING } from 'contracts';
import type { QueueState } from '../hooks/step-queue';

/** What is waiting to leave the phone: offline, steps pending, or everything sent. Nothing before the first step. */
export function SyncBanner({ state }: { state: QueueState }) {
  const pending = state.pending.length;
  const common = { showIcon: true, style: { marginBottom: 12 }, 'data-testid': 'fitter-sync-banner' } as const;
  if (!state.online) {
    return (
      <Alert
        {...common}
        type="warning"
        message={FITTER_OFFLINE}
        description={pending > 0 ? FITTER_PENDING(pending) : undefined}
      />
    );
  }
  if (pending > 0) {
    return (
      <Alert
        {...common}
        type="info"
        message={FITTER_PENDING(pending)}
        description={state.sending ? 'Envoi en cours…' : 'Nouvel essai dans quelques instants.'}
      />
    );
  }
  if (state.sent.length > 0) return <Alert {...common} type="success" message={FITTER_ALL_SENT} />;
  return null;
}
