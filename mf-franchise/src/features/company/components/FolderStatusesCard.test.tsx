import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FOLDER_STATUS_SYSTEM_KEPT, type FolderStatusSetting, folderStatusInUseMessage } from 'contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/test-render';
import {
  addFolderStatus,
  deleteFolderStatus,
  getFolderStatuses,
  reorderFolderStatuses,
  saveFolderStatus,
} from '../api/company';
import { FolderStatusesCard } from './FolderStatusesCard';

vi.mock('../api/company', () => ({
  getFolderStatuses: vi.fn(),
  addFolderStatus: vi.fn(),
  saveFolderStatus: vi.fn(),
  deleteFolderStatus: vi.fn(),
  reorderFolderStatuses: vi.fn(),
}));

const status = (id: number, label: string, extra: Partial<FolderStatusSetting> = {}): FolderStatusSetting => ({
  id,
  code: '',
  label,
  color: 'blue',
  position: id,
  system: false,
  folderCount: 0,
  ...extra,
});
const STATUSES = [
  status(1, 'Ouvert', { code: 'open', system: true, folderCount: 4 }),
  status(2, 'Pièce commandée', { folderCount: 2 }),
  status(3, 'Attente pièce'),
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getFolderStatuses).mockResolvedValue(STATUSES);
});

describe('FolderStatusesCard', { timeout: 45_000 }, () => {
  it('lists the statuses with their mark and counts; deletes only an unused status of the garage', async () => {
    renderPage(<FolderStatusesCard companyId={2} />);
    expect(await screen.findByText('Attente pièce')).toBeInTheDocument();
    expect(screen.getByText('système')).toBeInTheDocument();
    expect(screen.getByText('· 4 dossiers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer le statut Ouvert' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer le statut Ouvert' })).toHaveAttribute(
      'title',
      FOLDER_STATUS_SYSTEM_KEPT,
    );
    expect(screen.getByRole('button', { name: 'Supprimer le statut Pièce commandée' })).toHaveAttribute(
      'title',
      folderStatusInUseMessage(2),
    );
    vi.mocked(deleteFolderStatus).mockResolvedValue(new Response(null, { status: 204 }));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le statut Attente pièce' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(deleteFolderStatus).toHaveBeenCalledWith(2, 3));
  });

  it('moves a status with the whole new order, first and last ones only one way', async () => {
    vi.mocked(reorderFolderStatuses).mockResolvedValue(STATUSES);
    renderPage(<FolderStatusesCard companyId={2} />);
    expect(await screen.findByRole('button', { name: 'Monter le statut Ouvert' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre le statut Attente pièce' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Monter le statut Attente pièce' }));
    await waitFor(() => expect(reorderFolderStatuses).toHaveBeenCalledWith(2, [1, 3, 2]));
  });

  it('shows the new order as the server answered it, without reading the list again', async () => {
    const [open, ordered, waiting] = STATUSES as [FolderStatusSetting, FolderStatusSetting, FolderStatusSetting];
    vi.mocked(reorderFolderStatuses).mockResolvedValue([open, waiting, ordered]);
    renderPage(<FolderStatusesCard companyId={2} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Monter le statut Attente pièce' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('folder-status').map((row) => row.querySelector('.ant-tag')?.textContent)).toEqual([
        'Ouvert',
        'Attente pièce',
        'Pièce commandée',
      ]),
    );
    expect(getFolderStatuses).toHaveBeenCalledTimes(1);
  });

  it('adds a status with its colour, and renames one', async () => {
    vi.mocked(addFolderStatus).mockResolvedValue(status(4, 'Rappel client'));
    vi.mocked(saveFolderStatus).mockResolvedValue(status(1, 'Nouveau', { code: 'open', system: true }));
    renderPage(<FolderStatusesCard companyId={2} />);
    fireEvent.change(await screen.findByLabelText('Nouveau statut'), { target: { value: '  Rappel client ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le statut' }));
    await waitFor(() => expect(addFolderStatus).toHaveBeenCalledWith(2, { label: 'Rappel client', color: 'default' }));
    expect(await screen.findByText('Statut ajouté')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Modifier le statut Ouvert' }));
    fireEvent.change(screen.getByLabelText('Nouveau libellé de Ouvert'), { target: { value: 'Nouveau' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saveFolderStatus).toHaveBeenCalledWith(2, 1, { label: 'Nouveau', color: 'blue' }));
  });
});
