import { fireEvent, screen, within } from '@testing-library/react';
import { formatEurosText, type InsurerReceivables } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getInsurerInvoices, getInsurerReceivables } from '../api/insurer-receivables';
import { InsurerReceivablesPage } from './InsurerReceivablesPage';

vi.mock('../api/insurer-receivables', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/insurer-receivables')>()),
  getInsurerReceivables: vi.fn(),
  getInsurerInvoices: vi.fn(),
}));

const receivables: InsurerReceivables = {
  insurers: [
    {
      insurer: 'MAAF Assurances',
      siren: '542073580',
      invoices: 2,
      due: 57_000,
      buckets: { upTo30: 12_000, upTo60: 0, upTo90: 0, over90: 45_000 },
      oldestIssueDay: '2026-08-01',
    },
  ],
  total: { invoices: 2, due: 57_000, buckets: { upTo30: 12_000, upTo60: 0, upTo90: 0, over90: 45_000 } },
};

// Text queries read no-break spaces as spaces.
const euros = (cents: number) => formatEurosText(cents).replace(/\s/g, ' ');

beforeEach(() => {
  vi.mocked(getInsurerReceivables).mockReset().mockResolvedValue(receivables);
  vi.mocked(getInsurerInvoices)
    .mockReset()
    .mockResolvedValue([
      {
        id: 41,
        number: 'F-2026-00041',
        companyId: 2,
        folderId: 9,
        folderNumber: 'D-2026-0009',
        claimNumber: 'SIN-778',
        issueDay: '2026-08-01',
        dueDate: '2026-08-31',
        totalAmount: 45_000,
        due: 45_000,
        age: 119,
      },
    ]);
});

describe('InsurerReceivablesPage', { timeout: 45_000 }, () => {
  it('shows what each insurer owes by age, then its unpaid invoices linked to their invoice and folder', async () => {
    renderWithProviders(<InsurerReceivablesPage />);
    const row = await screen.findByRole('row', { name: /MAAF Assurances/ });
    expect(row).toHaveTextContent(euros(12_000));
    expect(row).toHaveTextContent(euros(45_000));
    expect(row).toHaveTextContent(euros(57_000));
    expect(getInsurerInvoices).not.toHaveBeenCalled();

    fireEvent.click(within(row).getByRole('button'));
    const invoices = await screen.findByRole('table', { name: 'Factures impayées de MAAF Assurances' });
    expect(getInsurerInvoices).toHaveBeenCalledWith('MAAF Assurances', '542073580');
    expect(await within(invoices).findByRole('link', { name: 'F-2026-00041' })).toHaveAttribute(
      'href',
      '/quotation/show/41',
    );
    expect(within(invoices).getByRole('link', { name: 'D-2026-0009' })).toHaveAttribute('href', '/folder/show/9');
    expect(within(invoices).getByText('SIN-778')).toBeInTheDocument();
    expect(within(invoices).getByText('119 j')).toBeInTheDocument();
  });

  it('says when no insurer owes anything', async () => {
    vi.mocked(getInsurerReceivables).mockResolvedValue({
      insurers: [],
      total: { invoices: 0, due: 0, buckets: { upTo30: 0, upTo60: 0, upTo90: 0, over90: 0 } },
    });
    renderWithProviders(<InsurerReceivablesPage />);
    expect(await screen.findByText(/Aucun assureur ne doit rien/)).toBeInTheDocument();
  });
});
