import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Archive, PERIOD_EXPORT_REVERSED, parisToday } from 'contracts';
import { renderWithProviders, shownDate, typeDate } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createArchive, listArchives } from '../api/archives';
import { ArchivesCard } from './ArchivesCard';

vi.mock('../api/archives', () => ({
  listArchives: vi.fn(),
  createArchive: vi.fn(),
  getArchivePublicKey: vi.fn(),
  archiveFileUrl: (companyId: number, id: number) => `/api/integrity/${companyId}/archives/${id}/file`,
}));

const yearly: Archive = {
  id: 7,
  companyId: 2,
  kind: 'year',
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  fileName: 'archive-exercice-2025-01-01-au-2025-12-31-garage-2-n7.zip',
  bytes: 48_200,
  sha256: 'd'.repeat(64),
  manifestSha256: 'e'.repeat(64),
  throughSeq: 212,
  createdAt: '2026-01-01T00:00:05.000Z',
  createdBy: null,
};

beforeEach(() => {
  vi.mocked(listArchives).mockReset();
  vi.mocked(createArchive).mockReset();
});

describe('ArchivesCard', () => {
  it('lists each archive with its period, who made it, its size and its download', async () => {
    vi.mocked(listArchives).mockResolvedValue([yearly]);
    renderWithProviders(<ArchivesCard companyId={2} />);
    expect(await screen.findByText('du 01/01/2025 au 31/12/2025')).toBeInTheDocument();
    expect(screen.getByText('Exercice')).toBeInTheDocument();
    expect(screen.getByText(/automatiquement \(clôture de l’exercice\)/)).toBeInTheDocument();
    expect(screen.getByText('48,2 Ko')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: `Télécharger ${yearly.fileName}` });
    expect(download).toHaveAttribute('href', '/api/integrity/2/archives/7/file');
    expect(download).toHaveAttribute('download', yearly.fileName);
  });

  it('says when there is none yet', async () => {
    vi.mocked(listArchives).mockResolvedValue([]);
    renderWithProviders(<ArchivesCard companyId={2} />);
    expect(
      await screen.findByText('Aucune archive pour l’instant : celle de chaque exercice se fait après sa clôture'),
    ).toBeInTheDocument();
  });

  it('checks the period as the server does, then makes the archive and lists it', async () => {
    vi.mocked(listArchives).mockResolvedValue([]);
    vi.mocked(createArchive).mockResolvedValue({ ...yearly, id: 8, kind: 'period', createdBy: 'Paul Martin' });
    renderWithProviders(<ArchivesCard companyId={2} />);
    await screen.findByText(/Aucune archive/);
    // The date fields load their picker on demand: wait for them, not for their placeholder.
    typeDate(await screen.findByLabelText('Du'), '2025-03-01');
    typeDate(await screen.findByLabelText('Au'), '2025-02-01');
    fireEvent.click(screen.getByRole('button', { name: /Archiver la période/ }));
    expect(await screen.findByText(PERIOD_EXPORT_REVERSED)).toBeInTheDocument();
    // A day to come cannot be picked (the server refuses it too: ARCHIVE_PERIOD_IN_FUTURE, api tests).
    typeDate(screen.getByLabelText('Au'), '2999-01-01');
    fireEvent.blur(screen.getByLabelText('Au'));
    await waitFor(() => expect(screen.getByLabelText('Au')).toHaveValue(shownDate('2025-02-01')));
    expect(createArchive).not.toHaveBeenCalled();

    typeDate(screen.getByLabelText('Au'), parisToday());
    typeDate(screen.getByLabelText('Du'), parisToday());
    fireEvent.click(screen.getByRole('button', { name: /Archiver la période/ }));
    await waitFor(() => expect(createArchive).toHaveBeenCalledWith(2, { from: parisToday(), to: parisToday() }));
    await waitFor(() => expect(listArchives).toHaveBeenCalledTimes(2));
  });
});
