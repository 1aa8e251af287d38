import { Button, Spin } from 'antd';
import type { RemoteName } from 'contracts';
import { RemoteErrorBoundary, StatusPanel, useRemoteModule } from 'shared-ui';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusPanel
      status="warning"
      title="Ce module est momentanément indisponible"
      description="Le reste de l'application fonctionne normalement. Réessayez dans quelques instants."
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
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  const { Component } = state;
  return (
    <RemoteErrorBoundary
      fallback={(reset) => (
        <RemoteUnavailable
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Component />
    </RemoteErrorBoundary>
  );
}
