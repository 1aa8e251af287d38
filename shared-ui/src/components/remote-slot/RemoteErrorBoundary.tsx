import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the crashed subtree; gets a function that re-mounts it. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Contains a remote's render error inside its own area; the shell and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[remote] render error', error);
  }

  reset = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
