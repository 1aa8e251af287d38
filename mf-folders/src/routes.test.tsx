import { pagesOf } from 'contracts';
import { FolderDetailPage, FolderListPage, PAGE_ELEMENTS, SidexaAddPage, SidexaListPage } from './routes';

describe('mf_folders routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_folders')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('has a real page for the folder lists and the folder itself', () => {
    for (const path of ['/folder/list/my', '/folder/list/all']) {
      expect(PAGE_ELEMENTS[path]?.props.children.type).toBe(FolderListPage);
    }
    expect(PAGE_ELEMENTS['/folder/show/:id']?.props.children.type).toBe(FolderDetailPage);
  });

  it('serves the Sidexa list and the new Sidexa quote, each loaded with its own chunk', async () => {
    expect(PAGE_ELEMENTS['/sidexa/list']?.props.children.type).toBe(SidexaListPage);
    expect(PAGE_ELEMENTS['/sidexa/add']?.props.children.type).toBe(SidexaAddPage);
    const pages = await Promise.all([
      import('./features/sidexa/components/SidexaListPage'),
      import('./features/sidexa/components/SidexaAddPage'),
    ]);
    expect(pages.map((module) => Object.keys(module))).toEqual([['SidexaListPage'], ['SidexaAddPage']]);
  });
});
