import { Button, Spin } from 'antd';
import type { RemoteName } from 'contracts';
import { useEffect } from 'react';
import { eventBus, RemoteErrorBoundary, StatusPanel, useRemoteModule } from 'shared-ui';
import { RemoteRefusedError } from './remote-registry';

/**
 * Unreachable (the server was down, a deployment under way): tried again by hand, or by itself once the API answers
 * (`onRestored`; a page that crashed is drawn again, its remote's module already being there).
 */
function RemoteUnavailable({ onRetry, onRestored = onRetry }: { onRetry: () => void; onRestored?: () => void }) {
  useEffect(() => eventBus.on('connection:restored', onRestored), [onRestored]);
  return (
    <StatusPanel
      status="warning"
      title="Ce module est momentanément indisponible"
      description="Le reste de l’application fonctionne normalement. Réessayez dans quelques instants."
      extra={
        <Button type="primary" onClick={onRetry}>
          Réessayer
        </Button>
      }
    />
  );
}

/** A remote built for a newer application than the one deployed: the reason, and the rest keeps working. */
function RemoteIncompatible({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <StatusPanel
      status="warning"
      title="Ce module n’est pas compatible avec la version déployée de l’application"
      description={`${reason} Le reste de l’application fonctionne normalement.`}
      extra={
        <Button type="primary" onClick={onRetry}>
          Réessayer
        </Button>
      }
    />
  );
}

/** Mounts a remote's `./routes` in the content area, with its loading state, fallback and error boundary. */
export function RemotePage({ remote }: { remote: RemoteName }) {
  const { state, retry } = useRemoteModule<object>(remote, 'routes');
  if (state.status === 'loading') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <Spin size="large" tip="Chargement…">
          <span />
        </Spin>
      </div>
    );
  }
  if (state.status === 'failed') {
    return state.error instanceof RemoteRefusedError ? (
      <RemoteIncompatible reason={state.error.reason} onRetry={retry} />
    ) : (
      <RemoteUnavailable onRetry={retry} />
    );
  }
  const { Component } = state;
  return (
    <RemoteErrorBoundary
      fallback={(reset) => (
        <RemoteUnavailable
          onRetry={() => {
            reset();
            retry();
          }}
          onRestored={reset}
        />
      )}
    >
      <Component />
    </RemoteErrorBoundary>
  );
}
