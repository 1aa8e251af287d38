import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_docs routes', () => {
  it('serves exactly the paths the route table gives this remote, each with the viewer', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_docs')
        .map((page) => page.path)
        .sort(),
    );
    for (const element of Object.values(PAGE_ELEMENTS)) expect(element.type).toHaveProperty('name', 'DocsViewerPage');
  });
});
