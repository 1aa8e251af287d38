import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { guessMapping, type Import } from 'contracts';
import { eventBus, useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getImports, importAction, uploadImport } from '../api/imports';
import { ImportPage } from './ImportPage';

vi.mock('../api/imports', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/imports')>()),
  uploadImport: vi.fn(),
  importAction: vi.fn(),
  getImports: vi.fn(),
}));

const headers = ['Nom', 'Immatriculation', 'Téléphone'];
const draft = (overrides: Partial<Import> = {}): Import => ({
  id: 7,
  kind: 'customers',
  fileName: 'clients.csv',
  status: 'draft',
  encoding: 'Windows-1252',
  delimiter: ';',
  headers,
  mapping: guessMapping(headers),
  preview: [
    { line: 2, values: { lastName: 'Lefèvre', plate: 'AB-123-CD' }, reason: null },
    {
      line: 3,
      values: { lastName: 'Roux', plate: '123 ABC 69' },
      reason: 'Immatriculation invalide : format AB-123-CD',
    },
  ],
  counts: { rows: 2, created: 0, updated: 0, unchanged: 0, refused: 0 },
  refusals: [],
  createdAt: '2026-11-29T10:00:00.000Z',
  importedAt: null,
  undoneAt: null,
  undoable: false,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
  vi.mocked(getImports).mockResolvedValue({ data: [] });
});

describe('ImportPage', () => {
  it('reads the file, shows the guessed columns and rows, checks, then imports', async () => {
    vi.mocked(uploadImport).mockResolvedValue(draft());
    const checked = draft({
      counts: { rows: 2, created: 1, updated: 0, unchanged: 0, refused: 1 },
      refusals: [{ line: 3, reason: 'Immatriculation invalide : format AB-123-CD' }],
    });
    vi.mocked(importAction).mockImplementation(async (_, action) =>
      action === 'check' ? checked : { ...checked, status: 'imported', importedAt: '2026-11-29T10:01:00.000Z' },
    );
    renderPage(<ImportPage />, '/import', '/import');
    fireEvent.click(await screen.findByRole('radio', { name: 'Clients et véhicules' }));
    const file = new File(['Nom;Immatriculation'], 'clients.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Fichier à importer'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Lire le fichier' }));
    await waitFor(() => expect(uploadImport).toHaveBeenCalledWith(file, 'customers'));

    const preview = await screen.findByRole('table', { name: 'Aperçu des premières lignes' });
    expect(within(preview).getByText('Immatriculation invalide : format AB-123-CD')).toBeInTheDocument();
    // Nothing is imported before a check.
    expect(screen.getByRole('button', { name: 'Importer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier (sans rien enregistrer)' }));
    expect(await screen.findByTestId('import-counts')).toHaveTextContent(
      '1 ligne prête à importer : 1 création, 0 mise à jour, 0 inchangée ; 1 ligne refusée',
    );
    expect(importAction).toHaveBeenCalledWith(7, 'check', guessMapping(headers));
    fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Import de « clients.csv »')).toBeInTheDocument();
    expect(screen.getByTestId('import-counts')).toHaveTextContent('1 ligne importée : 1 création');
  });

  it('sends the kind chosen with the file', async () => {
    vi.mocked(uploadImport).mockResolvedValue(
      draft({
        kind: 'suppliers',
        headers: ['Fournisseur'],
        mapping: guessMapping(['Fournisseur'], 'suppliers'),
        preview: [],
      }),
    );
    renderPage(<ImportPage />, '/import', '/import');
    fireEvent.click(await screen.findByRole('radio', { name: 'Fournisseurs' }));
    const file = new File(['Fournisseur'], 'fournisseurs.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Fichier à importer'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Lire le fichier' }));
    await waitFor(() => expect(uploadImport).toHaveBeenCalledWith(file, 'suppliers'));
    expect(await screen.findByLabelText('Nom du fournisseur (obligatoire)')).toBeInTheDocument();
  });

  it('shows where a long check stands, as the server tells it on the notification stream', async () => {
    vi.mocked(uploadImport).mockResolvedValue(
      draft({ counts: { rows: 3000, created: 0, updated: 0, unchanged: 0, refused: 0 } }),
    );
    let finish: (value: Import) => void = () => undefined;
    vi.mocked(importAction).mockImplementation(() => new Promise<Import>((resolve) => (finish = resolve)));
    renderPage(<ImportPage />, '/import', '/import');
    const file = new File(['Nom;Immatriculation'], 'clients.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Fichier à importer'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Lire le fichier' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Vérifier (sans rien enregistrer)' }));
    expect(await screen.findByText('3 000 lignes en cours de traitement…')).toBeInTheDocument();
    // Another import's progress is not this one's.
    act(() => eventBus.emit('server:import-progress', { importId: 8, step: 'Clients', done: 10, total: 20 }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => eventBus.emit('server:import-progress', { importId: 7, step: 'Véhicules', done: 1500, total: 3000 }));
    expect(screen.getByText('Véhicules : 1 500 sur 3 000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Véhicules : 50 %' })).toBeInTheDocument();
    act(() => finish(draft({ counts: { rows: 3000, created: 3000, updated: 0, unchanged: 0, refused: 0 } })));
    expect(await screen.findByTestId('import-counts')).toHaveTextContent('3 000 lignes prêtes à importer');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
