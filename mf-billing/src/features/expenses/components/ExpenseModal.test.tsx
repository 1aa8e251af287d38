import { screen, waitFor } from '@testing-library/react';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOptions } from '../api/expenses';
import { ExpenseModal } from './ExpenseModal';

vi.mock('../api/expenses', () => ({ supplierOptions: vi.fn(), addExpense: vi.fn() }));

beforeEach(() => {
  vi.mocked(supplierOptions).mockReset();
  vi.mocked(supplierOptions).mockResolvedValue([{ value: 1, label: 'Vitrage Express' }]);
});

describe('ExpenseModal', () => {
  it('offers the garage’s suppliers to who may read them', async () => {
    useSession.setState({ claims: lyonClaims() });
    renderWithProviders(<ExpenseModal onClose={() => {}} onSaved={() => {}} />);
    await waitFor(() => expect(supplierOptions).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Choisir')).toBeInTheDocument();
  });

  it('lets an accountant type the supplier, without asking for a list the server would refuse', async () => {
    useSession.setState({ claims: lyonClaims({ role: 'ROLE_COMPTABLE' }) });
    renderWithProviders(<ExpenseModal onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByPlaceholderText('Nom du fournisseur')).toBeInTheDocument();
    expect(supplierOptions).not.toHaveBeenCalled();
  });
});
