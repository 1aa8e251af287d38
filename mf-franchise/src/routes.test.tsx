import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

/** The page a route's element loads: the lazy component inside its Suspense. */
const lazyOf = (path: string) =>
  ((PAGE_ELEMENTS[path]?.props ?? {}) as { children?: { type?: { displayName?: string } } }).children?.type;

describe('mf_franchise routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_franchise')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('loads each page with its own code, when it is opened', () => {
    const pages = Object.keys(PAGE_ELEMENTS).map(lazyOf);
    for (const page of pages) expect(page?.displayName).toMatch(/^lazy\(\w+Page\)$/);
    expect(new Set(pages).size).toBe(pages.length);
  });
});
