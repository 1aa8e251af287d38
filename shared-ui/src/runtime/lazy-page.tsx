import { Skeleton } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';

/**
 * A page whose code is a chunk of its own, loaded when it is opened: `lazyNamed(() => import('./Page'), 'Page')`.
 * A remote loads its pages like this, so each page's first visit stays in budget.
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  // The page keeps its own props (`<FolderListPage owner="my" />`).
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The element of a lazy page in a route table: a skeleton while its chunk loads. */
export function suspended(element: ReactNode) {
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{element}</Suspense>;
}
