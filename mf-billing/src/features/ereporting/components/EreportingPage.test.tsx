import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EreportOverview, EreportTransmission } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { correctEreport, runEreporting } from '../api/ereporting';
import { EreportOverviewCard } from './EreportOverviewCard';
import { EreportTable } from './EreportTable';

const rejected: EreportTransmission = {
  id: 41,
  kind: 'transactions',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-10',
  periodLabel: '1re décade de novembre 2026',
  correctsId: null,
  status: 'rejected',
  statusLabel: 'Rejetée',
  reason: 'Donnée obligatoire absente ou invalide (REJ_SEMAN)',
  amount: 18_345,
  tax: 3_669,
  count: 3,
  createdAt: '2026-11-11T05:00:00.000Z',
  depositedAt: '2026-11-11T05:00:02.000Z',
  correctable: true,
  hasFile: true,
  lines: [{ day: '2026-11-03', category: 'TPS1', rate: 20, amount: 10_001, tax: 2_000 }],
};

vi.mock('../api/ereporting', () => ({
  runEreporting: vi.fn(),
  correctEreport: vi.fn(),
  ereportFetcher: () => async () => ({ data: [rejected], totalRecords: 1, statusCounts: { all: 1, transactions: 1 } }),
}));

const overview: EreportOverview = {
  connected: true,
  vatFiling: 'normal-monthly',
  vatFilingLabel: 'Réel normal, déclaration mensuelle (CA3)',
  transactionsEvery: 'par décade',
  paymentsEvery: 'par mois',
  reportsPayments: true,
  toCorrect: 1,
};

beforeEach(() => {
  vi.mocked(runEreporting).mockReset().mockResolvedValue({ queued: 2, acknowledged: 1 });
  vi.mocked(correctEreport).mockReset().mockResolvedValue({ id: 42 });
});

describe('the e-reporting page', () => {
  it('says the rhythm the VAT regime sets and what waits for a correction, and transmits on demand', async () => {
    renderWithProviders(<EreportOverviewCard companyId={3} overview={overview} />);
    expect(screen.getByText('Transmises par décade')).toBeInTheDocument();
    expect(screen.getByText(/1 transmission à corriger/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Transmettre maintenant/ }));
    await waitFor(() => expect(runEreporting).toHaveBeenCalledWith(3));
    expect(await screen.findByText(/2 transmissions préparées/)).toBeInTheDocument();
  });

  it('without a platform, says where to set it and sends nothing', () => {
    renderWithProviders(
      <EreportOverviewCard companyId={3} overview={{ ...overview, connected: false, toCorrect: 0 }} />,
    );
    expect(screen.getByText(/Aucune plateforme agréée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facturation électronique' })).toHaveAttribute(
      'href',
      '/company/einvoicing',
    );
    expect(screen.getByRole('button', { name: /Transmettre maintenant/ })).toBeDisabled();
  });

  it('shows a rejection’s reason, its lines, and corrects it once confirmed', async () => {
    renderWithProviders(<EreportTable companyId={3} />);
    expect(await screen.findByText('Donnée obligatoire absente ou invalide (REJ_SEMAN)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Détail : 1re décade de novembre 2026' }));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('Prestations de services')).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Corriger et renvoyer' }));
    const [question] = await screen.findAllByText('Corriger la transmission « 1re décade de novembre 2026 » ?');
    const confirm = question?.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Corriger et renvoyer' }));
    await waitFor(() => expect(correctEreport).toHaveBeenCalledWith(3, 41));
    expect(await screen.findByText(/Transmission rectificative préparée/)).toBeInTheDocument();
  });
});
