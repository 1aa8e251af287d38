import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../runtime/query-client';

// antd's forms render slowly in jsdom on a busy 2-core machine: findBy/waitFor wait up to 5 s (1 s by default)
// before failing, so a test fails on what never shows, not on a slow moment.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A test rendering the page's own providers (not renderWithProviders) leaves nothing in the cache for the next.
  queryClient.clear();
});

// antd reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverMock {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverMock });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverMock });
}

// jsdom's getComputedStyle throws on pseudo-elements, which antd's scrollbar measurement asks for.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  originalGetComputedStyle(element, pseudo ? undefined : pseudo);

// jsdom logs "Not implemented" for scrollTo; antd's table calls it on page change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// A browser resolves `new Request('/api/x')` against the page; Node's Request does not, and the shared
// client's base is '/'. Resolve against jsdom's location like a browser would.
const NativeRequest = globalThis.Request;
class PageRelativeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}
globalThis.Request = PageRelativeRequest;
