import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DirectoryHintText } from './DirectoryHint';

const lookup = {
  siren: '432109874',
  state: 'receives' as const,
  businessName: 'Transports Rhône SARL',
  address: '0225:432109874',
  checkedAt: null,
};

describe('DirectoryHintText', () => {
  it('says where a buyer receives its e-invoices, and when the directory does not know it', () => {
    const { rerender } = renderWithProviders(<DirectoryHintText lookup={lookup} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Reçoit les factures électroniques à l’adresse 0225:432109874 (Transports Rhône SARL)',
    );
    rerender(<DirectoryHintText lookup={{ ...lookup, state: 'not-found' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Absente de l’annuaire des plateformes : vérifiez le SIREN');
  });
});
