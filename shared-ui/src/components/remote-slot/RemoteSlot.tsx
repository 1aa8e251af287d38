import type { RemoteName } from 'contracts';
import type { ReactNode } from 'react';
import { useRemoteModule } from './hooks/use-remote-module';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

interface Props<P> {
  remote: RemoteName;
  module: string;
  props: P;
  /** Shown when the remote is down: a slot must never break the top bar. */
  fallback: ReactNode;
  loading?: ReactNode;
}

/** A piece of a remote embedded elsewhere: the shell's bell and folder search, billing's block on a folder page. */
export function RemoteSlot<P extends object>({ remote, module, props, fallback, loading = null }: Props<P>) {
  const { state } = useRemoteModule<P>(remote, module);
  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'failed') return <>{fallback}</>;
  const { Component } = state;
  return (
    <RemoteErrorBoundary fallback={() => fallback}>
      <Component {...props} />
    </RemoteErrorBoundary>
  );
}
