import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type PagedResponse,
  RECOVERY_COLUMNS,
  RECOVERY_TAB_COLUMN,
  type RecoveryRow,
  UNITS_INSUFFICIENT,
} from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, type PagingParams, refreshBalance, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commentRecovery, moveRecoveryStage, openRecovery, recoveryEvents, recoveryFetcher } from '../api/recovery';
import { recoveryColumns } from './columns';
import { RecoveryListPage } from './RecoveryListPage';

vi.mock('../api/recovery', async () => ({
  // Keyed by its path like the real one: a change that invalidates the path reads the table again.
  recoveryFetcher: Object.assign(vi.fn(), {
    queryKey: (await vi.importActual<typeof import('shared-ui')>('shared-ui')).apiKey('api/recovery/list/all'),
  }),
  openRecovery: vi.fn(),
  moveRecoveryStage: vi.fn(),
  commentRecovery: vi.fn(),
  recoveryEvents: vi.fn(),
}));
// UNITÉS is read again after an opening: watched, without a server.
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  refreshBalance: vi.fn(async () => 4),
}));

const claims = lyonClaims({ jeton: 5 });

const row = (overrides: Partial<RecoveryRow>): RecoveryRow => ({
  recoveryId: null,
  documentId: 41,
  documentNumber: 'F-2026-00041',
  openingBalance: false,
  folderId: 7,
  folderNumber: 'D-2026-00012',
  plate: 'HJ-100-FH',
  debtorKind: 'client',
  debtorName: 'Camille Martin',
  amountDue: 12_000,
  dueDate: '2026-01-10',
  daysOverdue: 12,
  stage: null,
  tab: 'a_relancer',
  lastEventAt: null,
  lastEventKind: null,
  ...overrides,
});

const waiting = row({});
const gentle = row({
  recoveryId: 3,
  documentId: 42,
  documentNumber: 'F-2026-00042',
  debtorKind: 'assureur',
  debtorName: 'Mutuelle du Rhône',
  folderId: null,
  folderNumber: null,
  plate: null,
  stage: 'amiable',
  tab: 'amiable',
  lastEventAt: '2026-01-21T09:00:00.000Z',
  lastEventKind: 'comment',
});
const counts = { all: 2, a_relancer: 1, amiable: 1, mise_en_demeure: 0, contentieux: 0, closed: 0 };
const fetcher = vi.mocked(recoveryFetcher as unknown as (params: PagingParams) => Promise<PagedResponse<RecoveryRow>>);
const answerFor = (params: PagingParams): PagedResponse<RecoveryRow> => {
  const tab = params.filters[RECOVERY_TAB_COLUMN];
  const data = [waiting, gentle].filter((item) => !tab || item.tab === tab);
  return { data, totalRecords: data.length, statusCounts: counts };
};

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<RecoveryListPage />} />
      <Route path="/checkout" element={<p>Acheter des unités</p>} />
    </Routes>,
  );
}

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text, undefined, { timeout: 20_000 });
  return within(cell.closest('tr') as HTMLElement);
};

beforeEach(() => {
  fetcher.mockReset().mockImplementation(async (params) => answerFor(params));
  for (const mock of [openRecovery, moveRecoveryStage, commentRecovery, recoveryEvents]) vi.mocked(mock).mockReset();
  vi.mocked(refreshBalance).mockClear();
  useSession.setState({ claims });
});

describe('RecoveryListPage', () => {
  it('keeps the columns in the server’s order: the tabs filter the stage column', () => {
    expect(recoveryColumns.map((column) => column.dataIndex)).toEqual([...RECOVERY_COLUMNS]);
  });

  it('opens on "À relancer", oldest due first, with every tab counted', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Recouvrements' })).toBeInTheDocument();
    const line = await rowOf('F-2026-00041');
    expect(fetcher.mock.calls[0]?.[0]).toMatchObject({
      sortField: RECOVERY_COLUMNS.indexOf('daysOverdue'),
      sortDir: 'desc',
      filters: { [RECOVERY_TAB_COLUMN]: 'a_relancer' },
    });
    for (const name of [
      'À relancer (1)',
      'Relance amiable (1)',
      'Mise en demeure (0)',
      'Contentieux (0)',
      'Clos (0)',
    ]) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByPlaceholderText('Rechercher un dossier ou une facture')).toBeInTheDocument();
    expect(line.getByRole('link', { name: 'D-2026-00012' })).toHaveAttribute('href', '/folder/show/7');
    expect(line.getByRole('link', { name: 'F-2026-00041' })).toHaveAttribute('href', '/quotation/show/41');
    expect(line.getByText('12 jours')).toBeInTheDocument();
    expect(line.getByText(/120,00/)).toBeInTheDocument();
    // The stage is the selected tab's; its column waits in « Colonnes » (1280 px).
    expect(screen.getByRole('tab', { name: 'À relancer (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(line.queryByText('À relancer')).not.toBeInTheDocument();
  }, 40_000);

  it('"Mettre en recouvrement" asks first (1 unit), then reloads and reads UNITÉS again', async () => {
    vi.mocked(openRecovery).mockResolvedValue(new Response(null, { status: 201 }));
    renderPage();
    const line = await rowOf('F-2026-00041');
    const calls = fetcher.mock.calls.length;
    fireEvent.click(line.getByRole('button', { name: 'Mettre en recouvrement la facture F-2026-00041' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cette action consomme 1 unité');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mettre en recouvrement' }));
    await waitFor(() => expect(openRecovery).toHaveBeenCalledWith(41));
    await waitFor(() => expect(refreshBalance).toHaveBeenCalled());
    await waitFor(() => expect(fetcher.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByText(/1 unité consommée/)).toBeInTheDocument();
  }, 40_000);

  it('no unit left: the 401’s redirect sends the browser to /checkout', async () => {
    vi.mocked(openRecovery).mockRejectedValue(
      new ApiError(401, { message: UNITS_INSUFFICIENT, redirect: '/checkout', statusCode: 401 }),
    );
    renderPage();
    const line = await rowOf('F-2026-00041');
    fireEvent.click(line.getByRole('button', { name: /Mettre en recouvrement/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mettre en recouvrement' }));
    expect(await screen.findByText('Acheter des unités')).toBeInTheDocument();
    // The refusal's message is shown all the same.
    expect(await screen.findByText(UNITS_INSUFFICIENT)).toBeInTheDocument();
    expect(refreshBalance).not.toHaveBeenCalled();
  }, 40_000);

  it('spins only the row whose opening runs', async () => {
    let finish = () => {};
    vi.mocked(openRecovery).mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve(new Response(null, { status: 201 })))),
    );
    const other = row({ documentId: 43, documentNumber: 'F-2026-00043' });
    fetcher.mockImplementation(async () => ({ data: [waiting, other], totalRecords: 2, statusCounts: counts }));
    renderPage();
    const open = (text: string) => ({ name: `Mettre en recouvrement la facture ${text}` });
    const line = await rowOf('F-2026-00041');
    const otherLine = await rowOf('F-2026-00043');
    fireEvent.click(line.getByRole('button', open('F-2026-00041')));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mettre en recouvrement' }));
    await waitFor(() => expect(line.getByRole('button', open('F-2026-00041'))).toHaveClass('ant-btn-loading'));
    expect(otherLine.getByRole('button', open('F-2026-00043'))).not.toHaveClass('ant-btn-loading');
    await act(async () => finish());
    expect(await screen.findByText(/1 unité consommée/)).toBeInTheDocument();
  }, 40_000);

  it('a stage moved reads the list again where it stands: the same tab stays selected', async () => {
    vi.mocked(moveRecoveryStage).mockResolvedValue(new Response(null, { status: 200 }));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Relance amiable (1)' }, { timeout: 20_000 }));
    const line = await rowOf('F-2026-00042');
    const calls = fetcher.mock.calls.length;
    fireEvent.click(line.getByRole('button', { name: /^Étape suivante : Mise en demeure/ }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBeGreaterThan(calls));
    expect(fetcher.mock.calls.at(-1)?.[0]).toMatchObject({ filters: { [RECOVERY_TAB_COLUMN]: 'amiable' } });
    expect(screen.getByRole('tab', { name: 'Relance amiable (1)' })).toHaveAttribute('aria-selected', 'true');
  }, 40_000);

  it('a recovery: next stage, a comment, its history', async () => {
    vi.mocked(moveRecoveryStage).mockResolvedValue(new Response(null, { status: 200 }));
    vi.mocked(commentRecovery).mockResolvedValue(new Response(null, { status: 201 }));
    vi.mocked(recoveryEvents).mockResolvedValue([
      {
        id: 2,
        recoveryId: 3,
        kind: 'comment',
        fromStage: null,
        toStage: null,
        content: 'Promet de payer <vite>',
        user: 'Julien Moreau',
        createdAt: '2026-01-21T09:00:00.000Z',
      },
      {
        id: 1,
        recoveryId: 3,
        kind: 'stage',
        fromStage: null,
        toStage: 'amiable',
        content: null,
        user: 'Julien Moreau',
        createdAt: '2026-01-20T09:00:00.000Z',
      },
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Relance amiable (1)' }, { timeout: 20_000 }));
    const line = await rowOf('F-2026-00042');
    expect(line.getByText('Assureur')).toBeInTheDocument();

    fireEvent.click(line.getByRole('button', { name: /^Étape suivante : Mise en demeure/ }));
    await waitFor(() => expect(moveRecoveryStage).toHaveBeenCalledWith(3, 'mise_en_demeure'));

    fireEvent.click(line.getByRole('button', { name: 'Commenter' }));
    const dialog = await screen.findByRole('dialog', { name: /Commenter le recouvrement de la facture F-2026-00042/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le commentaire' }));
    expect(await within(dialog).findByText('Le commentaire est obligatoire')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Commentaire'), { target: { value: 'Rappel demain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le commentaire' }));
    await waitFor(() => expect(commentRecovery).toHaveBeenCalledWith(3, { content: 'Rappel demain' }));

    fireEvent.click(line.getByRole('button', { name: 'Historique' }));
    const drawer = await screen.findByRole('dialog', { name: /Historique du recouvrement/ });
    expect(await within(drawer).findByText('Promet de payer <vite>')).toBeInTheDocument();
    expect(within(drawer).getByText('Mise en recouvrement (Relance amiable)')).toBeInTheDocument();
    expect(recoveryEvents).toHaveBeenCalledWith(3);
  }, 40_000);
});
