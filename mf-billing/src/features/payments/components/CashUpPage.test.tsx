import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CASH_UP_EXPLANATION_REQUIRED, type CashUp, type CashUpDay, formatEurosText, parisToday } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeCashUp, getCashUpDay } from '../api/cash-up';
import { CashUpPage } from './CashUpPage';

vi.mock('../api/cash-up', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/cash-up')>()),
  getCashUpDay: vi.fn(),
  closeCashUp: vi.fn(),
}));

const today = parisToday();
const open: CashUpDay = {
  day: today,
  receipts: [
    { method: 'card', count: 2, amount: 25_000 },
    { method: 'cheque', count: 0, amount: 0 },
    { method: 'transfer', count: 0, amount: 0 },
    { method: 'cash', count: 3, amount: 4_500 },
  ],
  cashReceived: 4_500,
  closed: null,
};
const closed: CashUp = {
  id: 7,
  companyId: 2,
  day: today,
  receipts: open.receipts,
  floatAmount: 10_000,
  expectedCash: 14_500,
  countedCash: 14_000,
  difference: -500,
  explanation: 'Monnaie rendue en trop',
  closedBy: 'Julie Martin',
  closedAt: new Date().toISOString(),
};

// Text queries read no-break spaces as spaces.
const euros = (cents: number) => formatEurosText(cents).replace(/\s/g, ' ');

beforeEach(() => {
  vi.mocked(getCashUpDay).mockReset().mockResolvedValue(open);
  vi.mocked(closeCashUp).mockReset().mockResolvedValue(closed);
});

describe('CashUpPage', { timeout: 45_000 }, () => {
  it('lists the day’s receipts, counts the drawer live, asks why it differs, then closes the till', async () => {
    renderWithProviders(<CashUpPage />);
    expect(await screen.findByText('Encaissements enregistrés le', { exact: false })).toBeInTheDocument();
    expect(getCashUpDay).toHaveBeenCalledWith(today);
    expect(screen.getByRole('row', { name: /Carte 2/ })).toHaveTextContent(euros(25_000));
    expect(screen.getByRole('row', { name: /Total 5/ })).toHaveTextContent(euros(29_500));

    fireEvent.change(screen.getByLabelText('Fond de caisse (€)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Espèces comptées (€)'), { target: { value: '140,00' } });
    expect(await screen.findByText(`Écart ${euros(-500)}`)).toBeInTheDocument();
    expect(screen.getByText(euros(14_500))).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    expect(await screen.findByText(CASH_UP_EXPLANATION_REQUIRED)).toBeInTheDocument();
    expect(closeCashUp).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Explication de l’écart'), { target: { value: 'Monnaie rendue en trop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() =>
      expect(closeCashUp).toHaveBeenCalledWith({
        day: today,
        floatAmount: '100',
        countedCash: '140,00',
        explanation: 'Monnaie rendue en trop',
      }),
    );
    // The answer is the page: the closed count and its print, without reading the day again.
    expect(await screen.findByText('Caisse clôturée')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Imprimer/ })).toHaveAttribute('href', '/api/paiement/cash-up/7/pdf');
    expect(getCashUpDay).toHaveBeenCalledTimes(1);
  });

  it('shows a closed day as kept, with no form', async () => {
    vi.mocked(getCashUpDay).mockResolvedValue({ ...open, closed });
    renderWithProviders(<CashUpPage />);
    expect(await screen.findByText('Caisse clôturée')).toBeInTheDocument();
    expect(screen.getByText('Monnaie rendue en trop')).toBeInTheDocument();
    expect(screen.getByText(/par Julie Martin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clôturer la caisse' })).toBeNull();
  });
});
