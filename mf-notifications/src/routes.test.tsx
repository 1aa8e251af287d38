import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_notifications routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_notifications')
        .map((page) => page.path)
        .sort(),
    );
  });
});
