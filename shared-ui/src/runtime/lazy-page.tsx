import { Skeleton } from 'antd';
import { type ComponentType, type ReactNode, Suspense } from 'react';

type Loading =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'failed'; error: unknown }
  | { status: 'done'; Page: ComponentType };

/**
 * A page whose code is a chunk of its own, loaded when it is opened: `lazyNamed(() => import('./Page'), 'Page')`.
 * A remote keeps its busiest pages eager and the others like this, so each page's first visit stays in budget.
 * Unlike React.lazy, a failed load (the server was unreachable) is not kept: the error goes once to the error
 * boundary, whose retry loads the chunk again.
 */
export function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  let loading: Loading = { status: 'idle' };
  return function LazyPage(props: object) {
    if (loading.status === 'done') return <loading.Page {...props} />;
    if (loading.status === 'failed') {
      const { error } = loading;
      loading = { status: 'idle' };
      throw error;
    }
    if (loading.status === 'idle') {
      const promise = load().then(
        (module) => {
          loading = { status: 'done', Page: module[name] as ComponentType };
        },
        (error: unknown) => {
          loading = { status: 'failed', error };
        },
      );
      loading = { status: 'loading', promise };
    }
    // Suspense shows its fallback until the chunk is there (or has failed).
    throw loading.promise;
  };
}

/** The element of a lazy page in a route table: a skeleton while its chunk loads. */
export function suspended(element: ReactNode) {
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{element}</Suspense>;
}
