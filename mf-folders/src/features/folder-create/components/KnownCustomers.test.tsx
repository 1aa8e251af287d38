import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerMatch, CustomerTakeover } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomerMatches, takeCustomer } from '../api/customer-matches';
import { KnownCustomers } from './KnownCustomers';

vi.mock('../api/customer-matches', async (original) => ({
  ...(await original<typeof import('../api/customer-matches')>()),
  getCustomerMatches: vi.fn(),
  takeCustomer: vi.fn(),
}));

const match: CustomerMatch = {
  source: 'directory',
  id: 8,
  folderNumber: null,
  matchedOn: ['phone'],
  civility: 'Mme',
  firstName: 'Zoé',
  lastName: 'Benoît',
  city: 'Lyon',
  vehicle: { plate: 'EF456GH', brand: 'Renault', model: 'Clio' },
};
const taken: CustomerTakeover = {
  civility: 'Mme',
  firstName: 'Zoé',
  lastName: 'Benoît',
  phone: '0698765432',
  email: 'zoe@exemple.fr',
  address: null,
  postalCode: '69001',
  city: 'Lyon',
  plate: 'EF456GH',
  brand: 'Renault',
  model: 'Clio',
  vin: null,
  mileage: 12000,
};

beforeEach(() => {
  vi.mocked(getCustomerMatches)
    .mockReset()
    .mockResolvedValue({ matches: [match] });
  vi.mocked(takeCustomer).mockReset().mockResolvedValue(taken);
});

describe('KnownCustomers', () => {
  it('asks nothing while too little is typed', async () => {
    renderWithProviders(<KnownCustomers typed={{ phone: '0698', lastName: 'Be' }} onTake={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(getCustomerMatches).not.toHaveBeenCalled();
    expect(screen.queryByText('Déjà connu dans ce garage')).toBeNull();
  });

  it('offers the customer the garage already has, and takes them over into the form', async () => {
    const onTake = vi.fn();
    renderWithProviders(<KnownCustomers typed={{ phone: '06 98 76 54 32' }} onTake={onTake} />);
    expect(await screen.findByText('Déjà connu dans ce garage')).toBeInTheDocument();
    expect(getCustomerMatches).toHaveBeenCalledWith({ phone: '06 98 76 54 32' });
    expect(screen.getByText('Mme Zoé BENOÎT')).toBeInTheDocument();
    expect(screen.getByText('Renault Clio EF-456-GH — Lyon — même téléphone')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    await waitFor(() => expect(onTake).toHaveBeenCalledWith(taken));
    expect(takeCustomer).toHaveBeenCalledWith(match);
  });
});
