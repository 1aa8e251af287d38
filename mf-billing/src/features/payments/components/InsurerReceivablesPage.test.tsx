import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatEurosText, type InsurerReceivable, type InsurerReceivables, parisToday } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyInsurerOnAccount,
  getInsurerInvoices,
  getInsurerReceivables,
  recordInsurerTransfer,
  remindInsurerInvoices,
} from '../api/insurer-receivables';
import { InsurerReceivablesPage } from './InsurerReceivablesPage';

vi.mock('../api/insurer-receivables', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/insurer-receivables')>()),
  getInsurerReceivables: vi.fn(),
  getInsurerInvoices: vi.fn(),
  recordInsurerTransfer: vi.fn(),
  applyInsurerOnAccount: vi.fn(),
  remindInsurerInvoices: vi.fn(),
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
      onAccount: 0,
    },
  ],
  autoReminder: { garages: 1, active: 0 },
  total: {
    invoices: 2,
    due: 57_000,
    buckets: { upTo30: 12_000, upTo60: 0, upTo90: 0, over90: 45_000 },
    onAccount: 0,
  },
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
        openingBalance: false,
        companyId: 2,
        folderId: 9,
        folderNumber: 'D-2026-0009',
        claimNumber: 'SIN-778',
        issueDay: '2026-08-01',
        dueDate: '2026-08-31',
        totalAmount: 45_000,
        due: 45_000,
        age: 119,
        lastReminderDay: '2026-11-20',
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

  it('settles the ticked invoices with one transfer, proposing what they owe', async () => {
    vi.mocked(recordInsurerTransfer).mockResolvedValue({
      payments: [{ invoiceId: 41, number: 'F-2026-00041', amount: 45_000 }],
    });
    renderWithProviders(<InsurerReceivablesPage />);
    fireEvent.click(within(await screen.findByRole('row', { name: /MAAF Assurances/ })).getByRole('button'));
    const pay = await screen.findByRole('button', { name: 'Enregistrer un virement (0)' });
    expect(pay).toBeDisabled();
    fireEvent.click(await screen.findByLabelText('Choisir la facture F-2026-00041'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer un virement (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement de MAAF Assurances' });
    expect(within(dialog).getByLabelText('Montant reçu (€)')).toHaveValue('450,00');
    fireEvent.change(within(dialog).getByLabelText('Référence du virement'), { target: { value: 'VIR MAAF 118' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le virement' }));
    await waitFor(() =>
      expect(recordInsurerTransfer).toHaveBeenCalledWith({
        amount: '450,00',
        type: 'transfer',
        date: parisToday(),
        reference: 'VIR MAAF 118',
        invoiceIds: [41],
        leaveOnAccount: false,
      }),
    );
    expect(await screen.findByText('Virement réparti sur 1 facture')).toBeInTheDocument();
  });

  it('reads a pasted bank statement line: its claim numbers tick the invoices, its amount and date fill the transfer', async () => {
    vi.mocked(recordInsurerTransfer).mockResolvedValue({
      payments: [{ invoiceId: 41, number: 'F-2026-00041', amount: 40_000 }],
    });
    renderWithProviders(<InsurerReceivablesPage />);
    fireEvent.click(within(await screen.findByRole('row', { name: /MAAF Assurances/ })).getByRole('button'));
    const fromStatement = await screen.findByRole('button', { name: 'Depuis une ligne de relevé' });
    // Offered once the insurer's invoices are read (the line is matched against them).
    await waitFor(() => expect(fromStatement).toBeEnabled());
    fireEvent.click(fromStatement);
    const reader = await screen.findByRole('dialog', { name: 'Rapprocher une ligne de relevé' });
    const field = within(reader).getByLabelText('Ligne du relevé');
    fireEvent.change(field, { target: { value: 'VIR MAAF SIN-999 400,00' } });
    fireEvent.click(within(reader).getByRole('button', { name: 'Rapprocher' }));
    expect(
      await within(reader).findByText(
        'Aucun n° de sinistre de cette ligne ne correspond aux factures impayées de MAAF Assurances.',
      ),
    ).toBeInTheDocument();
    const line = '10/09/2026 VIR SEPA MAAF SIN 778 400,00 EUR';
    fireEvent.change(field, { target: { value: line } });
    fireEvent.click(within(reader).getByRole('button', { name: 'Rapprocher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement de MAAF Assurances' });
    expect(within(dialog).getByLabelText('Montant reçu (€)')).toHaveValue('400,00');
    expect(within(dialog).getByLabelText('Référence du virement')).toHaveValue(line);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le virement' }));
    await waitFor(() =>
      expect(recordInsurerTransfer).toHaveBeenCalledWith({
        amount: '400,00',
        type: 'transfer',
        date: '2026-09-10',
        reference: line,
        invoiceIds: [41],
        leaveOnAccount: false,
      }),
    );
  });

  it('says before saving that a transfer above what the invoices owe leaves the rest on the insurer’s account', async () => {
    vi.mocked(recordInsurerTransfer).mockResolvedValue({
      payments: [{ invoiceId: 41, number: 'F-2026-00041', amount: 50_000 }],
    });
    renderWithProviders(<InsurerReceivablesPage />);
    fireEvent.click(within(await screen.findByRole('row', { name: /MAAF Assurances/ })).getByRole('button'));
    fireEvent.click(await screen.findByLabelText('Choisir la facture F-2026-00041'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer un virement (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement de MAAF Assurances' });
    fireEvent.change(within(dialog).getByLabelText('Montant reçu (€)'), { target: { value: '500,00' } });
    expect(
      await within(dialog).findByText(
        `${euros(5_000)} de plus que ce que doivent les factures choisies : ce reste sera gardé sur le compte de MAAF Assurances, à imputer sur ses prochaines factures ou à lui rembourser.`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le virement' }));
    await waitFor(() =>
      expect(recordInsurerTransfer).toHaveBeenCalledWith(
        expect.objectContaining({ amount: '500,00', invoiceIds: [41], leaveOnAccount: true }),
      ),
    );
  });

  it('applies what the insurer left on account to the ticked invoices', async () => {
    const [maaf] = receivables.insurers;
    vi.mocked(getInsurerReceivables).mockResolvedValue({
      ...receivables,
      insurers: [{ ...(maaf as InsurerReceivable), onAccount: 12_000 }],
    });
    vi.mocked(applyInsurerOnAccount).mockResolvedValue({
      payments: [{ invoiceId: 41, number: 'F-2026-00041', amount: 12_000 }],
    });
    renderWithProviders(<InsurerReceivablesPage />);
    const row = await screen.findByRole('row', { name: /MAAF Assurances/ });
    expect(row).toHaveTextContent(euros(12_000));
    fireEvent.click(within(row).getByRole('button'));
    const apply = await screen.findByRole('button', { name: /^Imputer le montant sur compte/ });
    expect(apply).toHaveTextContent(`Imputer le montant sur compte (${euros(12_000)})`);
    expect(apply).toBeDisabled();
    fireEvent.click(await screen.findByLabelText('Choisir la facture F-2026-00041'));
    fireEvent.click(apply);
    await waitFor(() => expect(applyInsurerOnAccount).toHaveBeenCalledWith({ invoiceIds: [41] }));
    expect(
      await screen.findByText(`${euros(12_000)} du compte de l’assureur imputés sur 1 facture`),
    ).toBeInTheDocument();
  });

  it('says whether insurers are reminded by themselves, and reminds the ticked invoices by hand', async () => {
    vi.mocked(remindInsurerInvoices).mockResolvedValue({
      reminded: [],
      skipped: [{ invoiceId: 41, number: 'F-2026-00041', reason: 'Déjà relancée aujourd’hui' }],
    });
    renderWithProviders(<InsurerReceivablesPage />);
    expect(await screen.findByText(/Relance automatique des assureurs inactive/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modèles de messages' })).toHaveAttribute(
      'href',
      '/message_template/mail/list',
    );
    fireEvent.click(within(await screen.findByRole('row', { name: /MAAF Assurances/ })).getByRole('button'));
    const invoices = await screen.findByRole('table', { name: 'Factures impayées de MAAF Assurances' });
    expect(await within(invoices).findByText('20/11/2026')).toBeInTheDocument();
    fireEvent.click(await screen.findByLabelText('Choisir la facture F-2026-00041'));
    fireEvent.click(screen.getByRole('button', { name: 'Relancer par e-mail (1)' }));
    await waitFor(() => expect(remindInsurerInvoices).toHaveBeenCalledWith({ invoiceIds: [41] }));
    expect(
      await screen.findByText('Aucune relance envoyée · F-2026-00041 non relancée : Déjà relancée aujourd’hui'),
    ).toBeInTheDocument();
  });

  it('says when no insurer owes anything', async () => {
    vi.mocked(getInsurerReceivables).mockResolvedValue({
      insurers: [],
      autoReminder: { garages: 1, active: 0 },
      total: { invoices: 0, due: 0, buckets: { upTo30: 0, upTo60: 0, upTo90: 0, over90: 0 }, onAccount: 0 },
    });
    renderWithProviders(<InsurerReceivablesPage />);
    expect(await screen.findByText(/Aucun assureur ne doit rien/)).toBeInTheDocument();
  });
});
