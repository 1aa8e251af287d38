import { render, screen, within } from '@testing-library/react';
import type { DashboardMoney } from 'contracts';
import { formatCents } from 'shared-ui';
import { describe, expect, it } from 'vitest';
import { MoneyFigures } from './MoneyWidget';

const row = (companyId: number, name: string, turnover: number) => ({
  companyId,
  name,
  turnover,
  jobs: 2,
  averageJob: turnover / 2,
  customersOwe: 1_000,
  insurersOwe: 2_000,
});

/** An amount as the page's text reads once its spaces are normalised (no-break spaces become spaces). */
const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');
/** A figure by its title: the term and its value. */
const figure = (title: string) => screen.getByText(title, { selector: 'dt' }).parentElement;

describe('MoneyFigures', () => {
  it('shows the period’s turnover, jobs, average and what is owed; one garage has no table', () => {
    const { name: _name, companyId: _id, ...total } = row(1, 'Lyon', 58_000);
    render(<MoneyFigures money={{ total, garages: [row(1, 'Lyon', 58_000)] }} />);
    expect(figure('Chiffre d’affaires HT')).toHaveTextContent(euros(58_000));
    expect(figure('Travaux facturés')).toHaveTextContent('2');
    expect(figure('Panier moyen HT')).toHaveTextContent(euros(29_000));
    expect(figure('Dû par les assureurs')).toHaveTextContent(euros(2_000));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists several garages side by side', () => {
    const garages = [row(1, 'Lyon', 58_000), row(2, 'Marseille', 40_000)];
    const money: DashboardMoney = {
      total: { turnover: 98_000, jobs: 4, averageJob: 24_500, customersOwe: 2_000, insurersOwe: 4_000 },
      garages,
    };
    render(<MoneyFigures money={money} />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Marseille/ })).toHaveTextContent(euros(40_000));
    expect(figure('Chiffre d’affaires HT')).toHaveTextContent(euros(98_000));
  });
});
