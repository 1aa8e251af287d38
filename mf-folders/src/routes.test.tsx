import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_folders routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_folders')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('has a real page for the folder lists and the folder itself', () => {
    for (const path of ['/folder/list/my', '/folder/list/all', '/folder/show/:id']) {
      expect(PAGE_ELEMENTS[path]?.type).not.toHaveProperty('name', 'ComingSoon');
    }
  });

  it('serves the Sidexa list and the new Sidexa quote', () => {
    expect(PAGE_ELEMENTS['/sidexa/list']?.type).toHaveProperty('name', 'SidexaListPage');
    expect(PAGE_ELEMENTS['/sidexa/add']?.type).toHaveProperty('name', 'SidexaAddPage');
  });
});
