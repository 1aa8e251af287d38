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

  it('lists each document type on its own path with the one list page', () => {
    for (const type of DOCUMENT_TYPES) {
      const element = PAGE_ELEMENTS[`/quotation/list/${type}`];
      expect(element?.type).toHaveProperty('name', 'DocumentListPage');
      expect(element?.props).toEqual({ type });
    }
  });

  it('opens new and existing documents with the one document page, loaded with it', () => {
    const pageOf = (path: string) =>
      ((PAGE_ELEMENTS[path]?.props ?? {}) as { children?: { type?: { displayName?: string } } }).children?.type;
    expect(pageOf('/quotation/new/:type')).toBe(pageOf('/quotation/show/:id'));
    expect(pageOf('/quotation/new/:type')?.displayName).toBe('lazy(DocumentFormPage)');
  });

  it('has a real page for payments, consumption, units and expenses', () => {
    for (const path of ['/paiement/list/paiement', '/company/consumption', '/checkout', '/expense/list']) {
      expect(PAGE_ELEMENTS[path]?.type).not.toHaveProperty('name', 'ComingSoon');
    }
  });
});
