import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReceivedInvoiceView } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setReceivedStatus } from '../api/received';
import { ReceivedStatusPanel } from './ReceivedStatusPanel';

vi.mock('../api/received', () => ({
  setReceivedStatus: vi.fn(),
  receivedPath: (id: number) => `api/einvoicing/expense/${id}`,
}));

const invoice: ReceivedInvoiceView = {
  expenseId: 7,
  syntax: 'CII',
  source: 'platform',
  typeCode: '380',
  number: 'FA-1',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  supplier: { name: 'Pare-Brise Distribution', siren: '552341634' },
  lines: [],
  taxes: [],
  preTaxAmount: 1000,
  taxAmount: 200,
  totalAmount: 1200,
  dueAmount: 1200,
  status: 'received',
  statusReason: null,
  statusAt: null,
  sent: [
    {
      status: 'Prise en charge — facture FA-1',
      createdAt: '2026-11-03T08:00:00.000Z',
      sentAt: null,
      lastError: 'Dépôt du flux : plateforme indisponible (HTTP 503)',
      nextAttemptAt: '2026-11-03T08:05:00.000Z',
    },
  ],
};

beforeEach(() => {
  vi.mocked(setReceivedStatus).mockReset();
  vi.mocked(setReceivedStatus).mockResolvedValue({ ...invoice, status: 'refused' });
});

describe('ReceivedStatusPanel', () => {
  it('says why a status has not left yet and when it is tried again', () => {
    renderWithProviders(<ReceivedStatusPanel invoice={invoice} />);
    expect(screen.getByText(/non transmis : Dépôt du flux : plateforme indisponible/)).toBeInTheDocument();
    expect(screen.getByText(/nouvel essai le/)).toBeInTheDocument();
  });

  it('asks for one of the rules’ reasons before a refusal leaves, then sends it', async () => {
    renderWithProviders(<ReceivedStatusPanel invoice={invoice} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuser…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer au fournisseur' }));
    expect(
      await screen.findByText('Choisissez le motif : le fournisseur le reçoit avec le statut'),
    ).toBeInTheDocument();
    expect(setReceivedStatus).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Taux de TVA erroné'));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer au fournisseur' }));
    await waitFor(() =>
      expect(setReceivedStatus).toHaveBeenCalledWith(7, {
        status: 'refused',
        reasonCode: 'TX_TVA_ERR',
        reasonText: '',
      }),
    );
  });
});
