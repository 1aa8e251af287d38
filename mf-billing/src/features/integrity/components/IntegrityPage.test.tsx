import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INTEGRITY_BROKEN, INTEGRITY_VALID, type IntegrityReport } from 'contracts';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getArchivePublicKey, listArchives } from '../api/archives';
import { checkIntegrity } from '../api/integrity';
import { IntegrityPage } from './IntegrityPage';

vi.mock('../api/integrity', () => ({ checkIntegrity: vi.fn() }));
vi.mock('../api/archives', () => ({
  listArchives: vi.fn(),
  createArchive: vi.fn(),
  getArchivePublicKey: vi.fn(),
  archiveFileUrl: (companyId: number, id: number) => `/api/integrity/${companyId}/archives/${id}/file`,
}));

const valid: IntegrityReport = {
  companyId: 2,
  valid: true,
  checked: 212,
  head: {
    seq: 212,
    hash: 'a'.repeat(64),
    recordedAt: '2026-11-24T09:30:00.000Z',
    salesTotal: 4_523_100,
    receipts: { card: 1_200_000, cash: 35_000 },
  },
  problems: [],
  eventsChecked: 3,
  events: [
    {
      seq: 3,
      kind: 'reprint',
      at: '2026-11-24T09:40:00.000Z',
      userId: 4,
      details: { type: 'invoice', number: 'F-2026-00057', sha256: 'b'.repeat(64) },
    },
  ],
  checkedAt: '2026-11-24T10:00:00.000Z',
  durationMs: 84,
};

beforeEach(() => {
  vi.mocked(checkIntegrity).mockReset();
  vi.mocked(listArchives).mockReset().mockResolvedValue([]);
  vi.mocked(getArchivePublicKey).mockResolvedValue({
    algorithm: 'Ed25519',
    publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
    fingerprint: 'c'.repeat(64),
  });
  useSession.setState({ claims: lyonClaims() });
});

describe('IntegrityPage', () => {
  it('shows a valid chain, its head to note down and the perpetual grand totals', async () => {
    vi.mocked(checkIntegrity).mockResolvedValue(valid);
    renderWithProviders(<IntegrityPage />);
    expect(await screen.findByText(INTEGRITY_VALID)).toBeInTheDocument();
    expect(checkIntegrity).toHaveBeenCalledWith(2);
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('Encaissements — Espèces')).toBeInTheDocument();
    expect(screen.getByText(/212 maillons recalculés en 84 ms/)).toBeInTheDocument();
    expect(screen.getByText('Réimpression d’un original')).toBeInTheDocument();
    expect(screen.getByText('Facture F-2026-00057')).toBeInTheDocument();
  });

  it('names the first broken record and lists what differs; checks again on demand', async () => {
    vi.mocked(checkIntegrity).mockResolvedValue({
      ...valid,
      valid: false,
      problems: [
        {
          seq: 57,
          problem: 'record-altered',
          kind: 'invoice',
          reference: 'F-2026-00057',
          recordedAt: '2026-03-02T09:00:00.000Z',
          differences: ['buyer', 'totalAmount'],
        },
      ],
    });
    renderWithProviders(<IntegrityPage />);
    expect(await screen.findByText(INTEGRITY_BROKEN)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Premier enregistrement en cause : Facture F-2026-00057 (maillon 57) — Enregistrement modifié après coup.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('buyer, totalAmount')).toBeInTheDocument();
    // antd ignores a click on a loading button: wait until the first check has settled (slow on a loaded machine).
    const again = screen.getByRole('button', { name: /Vérifier maintenant/ });
    await waitFor(() => expect(again).not.toHaveClass('ant-btn-loading'), { timeout: 5_000 });
    fireEvent.click(again);
    await waitFor(() => expect(checkIntegrity).toHaveBeenCalledTimes(2), { timeout: 5_000 });
  });

  it('shows the archives of the garage and the instance’s signing key, its whole PEM on demand', async () => {
    vi.mocked(checkIntegrity).mockResolvedValue(valid);
    renderWithProviders(<IntegrityPage />);
    expect(await screen.findByText('c'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('Clé publique complète (PEM)')).toBeInTheDocument();
    expect(screen.getByText(/-----BEGIN PUBLIC KEY-----/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Archiver la période/ })).toBeInTheDocument();
    expect(listArchives).toHaveBeenCalledWith(2);
  });

  it('asks to pick a garage under TOUT', () => {
    useSession.setState({ claims: lyonClaims({ companyId: 0 }) });
    renderWithProviders(<IntegrityPage />);
    expect(screen.getByText('Sélectionnez un garage en haut à gauche pour vérifier son registre')).toBeInTheDocument();
    expect(checkIntegrity).not.toHaveBeenCalled();
    expect(listArchives).not.toHaveBeenCalled();
  });
});
