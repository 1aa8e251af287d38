import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SUPPLIER_SAVED, type Supplier } from 'contracts';
import { type PagingParams, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSupplier, supplierFetcher } from '../api/suppliers';
import { SupplierListPage } from './SupplierListPage';

// The fetcher keyed by its path, as pagedFetcher keys it: a change of the suppliers reads the table again.
vi.mock('../api/suppliers', async () => {
  const { apiKey } = await import('shared-ui');
  return { supplierFetcher: Object.assign(vi.fn(), { queryKey: apiKey('api/supplier/list') }), saveSupplier: vi.fn() };
});
const fetcher = vi.mocked(supplierFetcher);

const supplier = (id: number, name: string): Supplier => ({
  id,
  name,
  siret: null,
  vatNumber: null,
  contactName: null,
  email: null,
  phone: null,
  address: null,
  postalCode: null,
  city: 'Lyon',
  paymentTerms: '30 jours',
  companyName: 'Vitrage Express Lyon',
});
const page = (rows: Supplier[]) => ({ data: rows, totalRecords: rows.length });
// The table's first drawing is slow on a busy machine (antd's table, the first time in the file).
const FIRST_DRAW = { timeout: 20_000 };
const lastParams = () => fetcher.mock.calls.at(-1)?.[0] as PagingParams;

beforeEach(() => {
  fetcher.mockReset().mockResolvedValue(page([supplier(1, 'Saint-Gobain Sekurit')]));
  vi.mocked(saveSupplier).mockReset();
  useSession.setState({ claims: lyonClaims() });
});

describe('SupplierListPage', { timeout: 45_000 }, () => {
  it('shows a new supplier once saved, the list keeping its search', async () => {
    renderWithProviders(<SupplierListPage />);
    expect(await screen.findByText('Saint-Gobain Sekurit', undefined, FIRST_DRAW)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher un fournisseur' }), { target: { value: 'S' } });
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'S' }));

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un fournisseur' }));
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: 'Soliver' } });
    vi.mocked(saveSupplier).mockResolvedValue(supplier(2, 'Soliver'));
    fetcher.mockResolvedValue(page([supplier(1, 'Saint-Gobain Sekurit'), supplier(2, 'Soliver')]));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(SUPPLIER_SAVED)).toBeInTheDocument();
    expect(await screen.findByText('Soliver')).toBeInTheDocument();
    expect(saveSupplier).toHaveBeenCalledWith(undefined, expect.objectContaining({ name: 'Soliver' }));
    expect(lastParams()).toMatchObject({ search: 'S', page: 1 });
    expect(screen.getByRole('textbox', { name: 'Rechercher un fournisseur' })).toHaveValue('S');
  });
});
