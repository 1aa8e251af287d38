import { Skeleton } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A page whose code is a chunk of its own, loaded when it is opened: `lazyNamed(() => import('./Page'), 'Page')`.
 * A remote keeps its busiest pages eager and the others like this, so each page's first visit stays in budget.
 */
export function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

/** The element of a lazy page in a route table: a skeleton while its chunk loads. */
export function suspended(element: ReactNode) {
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{element}</Suspense>;
}
