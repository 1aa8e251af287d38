import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_catalog routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_catalog')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('has real pages, each loaded when opened', () => {
    const lazyPage = (path: string) =>
      ((PAGE_ELEMENTS[path]?.props ?? {}) as { children?: { type?: { displayName?: string } } }).children?.type
        ?.displayName;
    expect(lazyPage('/product/list')).toBe('lazy(ProductListPage)');
    expect(lazyPage('/stock/list')).toBe('lazy(StockListPage)');
    expect(lazyPage('/product/new/:id')).toBe('lazy(ProductFormPage)');
    expect(lazyPage('/company/insurer-list')).toBe('lazy(InsurerListPage)');
    expect(lazyPage('/company/supplier-list')).toBe('lazy(SupplierListPage)');
  });
});
