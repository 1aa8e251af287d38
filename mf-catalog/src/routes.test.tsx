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

  it('has real pages for the product list and the product form', () => {
    expect(PAGE_ELEMENTS['/product/list']?.type).toHaveProperty('name', 'ProductListPage');
    expect(PAGE_ELEMENTS['/product/new/:id']?.type).toHaveProperty('name', 'ProductFormPage');
    expect(PAGE_ELEMENTS['/company/insurer-list']?.type).toHaveProperty('name', 'InsurerListPage');
  });
});
