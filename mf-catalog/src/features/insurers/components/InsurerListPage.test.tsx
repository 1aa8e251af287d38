import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INSURER_DELETED, type InsurerEntry } from 'contracts';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteInsurer, insurerFetcher } from '../api/insurers';
import { InsurerListPage } from './InsurerListPage';

// The fetcher keyed by its path, as pagedFetcher keys it: a change of the insurers reads the table again.
vi.mock('../api/insurers', async () => {
  const { apiKey } = await import('shared-ui');
  return {
    insurerFetcher: Object.assign(vi.fn(), { queryKey: apiKey('api/insurer/list') }),
    saveInsurer: vi.fn(),
    deleteInsurer: vi.fn(),
  };
});
const fetcher = vi.mocked(insurerFetcher);

const entry = (id: number, shortName: string): InsurerEntry => ({
  id,
  companyId: 2,
  companyName: 'Vitrage Express Lyon',
  shortName,
  legalName: `${shortName} SA`,
  siren: '',
  address: '',
  postalCode: '',
  city: 'Lyon',
  billingAddress: '',
  vatNumber: '',
  einvoicingAddress: '',
  email: '',
  shared: false,
  editable: true,
});
const page = (rows: InsurerEntry[]) => ({ data: rows, totalRecords: rows.length });
// The table's first drawing is slow on a busy machine (antd's table, the first time in the file).
const FIRST_DRAW = { timeout: 20_000 };

beforeEach(() => {
  fetcher.mockReset().mockResolvedValue(page([entry(1, 'Mutuelle Locale'), entry(2, 'Assurance Rhône')]));
  vi.mocked(deleteInsurer)
    .mockReset()
    .mockResolvedValue(new Response(null, { status: 204 }));
  useSession.setState({ claims: lyonClaims() });
});

describe('InsurerListPage', { timeout: 45_000 }, () => {
  it('no longer lists an insurer once deleted', async () => {
    renderWithProviders(<InsurerListPage />);
    expect(await screen.findByText('Mutuelle Locale', undefined, FIRST_DRAW)).toBeInTheDocument();
    fetcher.mockResolvedValue(page([entry(2, 'Assurance Rhône')]));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Mutuelle Locale' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText(INSURER_DELETED)).toBeInTheDocument();
    expect(deleteInsurer).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByText('Mutuelle Locale')).not.toBeInTheDocument());
    expect(screen.getByText('Assurance Rhône')).toBeInTheDocument();
  });
});
