import { Skeleton } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { eventBus } from './event-bus';

/**
 * Bumped each time the server is found back after an outage, or a person clicks « Réessayer »: a page whose code
 * failed to load meanwhile may try again. One counter per app (each bundles this file), moved by the one shared
 * event bus.
 */
let generation = 0;
const nextGeneration = () => {
  generation += 1;
};
eventBus.on('connection:restored', nextGeneration);
eventBus.on('pages:retry', nextGeneration);

/** A page component whose code loads on first render; `displayName` says which (`lazy(FolderListPage)`). */
export type LazyPage<P> = ComponentType<P> & { displayName: string };

/**
 * A page whose code is a chunk of its own, loaded when it is opened: `lazyNamed(() => import('./Page'), 'Page')`.
 * A remote loads its pages like this, so each page's first visit stays in budget.
 *
 * React.lazy keeps a failed load for good: a page opened while the server was down would stay broken until a reload.
 * So a failed load is replaced by a fresh one, but only once the server is back or « Réessayer » is clicked (a new
 * generation): replaced at once, React's own retry of the failed render would load again and again while the server
 * is down.
 */
export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  interface Attempt {
    generation: number;
    failed: boolean;
    Page: ComponentType<P>;
  }
  const attempt = (): Attempt => {
    const made: Attempt = {
      generation,
      failed: false,
      // Typed as the page itself: React's lazy type loses a generic page's props (they are the same at run time).
      Page: lazy(() =>
        load().then(
          (module) => ({ default: module[name] }),
          (error: unknown) => {
            made.failed = true;
            throw error;
          },
        ),
      ) as unknown as ComponentType<P>,
    };
    return made;
  };
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level (routes.tsx), so its identity is stable, as React.lazy's is.
  function Page(props: P) {
    if (current.failed && current.generation !== generation) current = attempt();
    const Loaded = current.Page;
    // The page keeps its own props (`<FolderListPage owner="my" />`).
    return <Loaded {...props} />;
  }
  Page.displayName = `lazy(${name})`;
  return Page;
}

/** The element of a lazy page in a route table: a skeleton while its chunk loads. */
export function suspended(element: ReactNode) {
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{element}</Suspense>;
}
