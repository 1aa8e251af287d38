import { pagesOf } from 'contracts';
import { PAGE_ELEMENTS } from './routes';

describe('mf_franchise routes', () => {
  it('serves exactly the paths the route table gives this remote', () => {
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(
      pagesOf('mf_franchise')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('has real pages for the centre list and the centre form', () => {
    expect(PAGE_ELEMENTS['/franchise/:franchiseId/centers_list']?.type).toHaveProperty('name', 'CentreListPage');
    expect(PAGE_ELEMENTS['/franchise/:franchiseId/add_center']?.type).toHaveProperty('name', 'CentreFormPage');
  });

  it('has real pages for the garage, its users and its fitters', () => {
    expect(PAGE_ELEMENTS['/company']?.type).toHaveProperty('name', 'CompanyProfilePage');
    expect(PAGE_ELEMENTS['/company/edit']?.type).toHaveProperty('name', 'CompanySettingsPage');
    expect(PAGE_ELEMENTS['/users']?.type).toHaveProperty('name', 'UserListPage');
    expect(PAGE_ELEMENTS['/technician/list']?.type).toHaveProperty('name', 'TechnicianListPage');
    expect(PAGE_ELEMENTS['/technician/new/:id']?.type).toHaveProperty('name', 'TechnicianFormPage');
  });
});
