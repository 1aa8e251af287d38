import { DOCUMENT_TYPES, pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_billing routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_billing')
        .map((page) => page.path)
        .sort(),
    );
  });

  /** The page a path's `suspended(<Page />)` element draws once its code is loaded. */
  const pageOf = (path: string) =>
    ((PAGE_ELEMENTS[path]?.props ?? {}) as { children?: { type?: { displayName?: string }; props?: unknown } })
      .children;

  it('lists each document type on its own path with the one list page, loaded when opened', () => {
    for (const type of DOCUMENT_TYPES) {
      const page = pageOf(`/quotation/list/${type}`);
      expect(page?.type?.displayName).toBe('lazy(DocumentListPage)');
      expect(page?.props).toEqual({ type });
    }
  });

  it('opens new and existing documents with the one document page, loaded with it', () => {
    expect(pageOf('/quotation/new/:type')?.type).toBe(pageOf('/quotation/show/:id')?.type);
    expect(pageOf('/quotation/new/:type')?.type?.displayName).toBe('lazy(DocumentFormPage)');
  });

  it('has a real page for payments, consumption, units and expenses', () => {
    for (const path of ['/paiement/list/paiement', '/company/consumption', '/checkout', '/expense/list']) {
      expect(PAGE_ELEMENTS[path]?.type).not.toHaveProperty('name', 'ComingSoon');
    }
  });
});
