import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FitterTask } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTask, getTodayTasks, revealPhone, sendQueuedStep } from '../api/fitter-tasks';
import { isSignature, type QueuedEntry, type QueuedStep } from '../hooks/step-queue';
import { FitterTaskPage } from './FitterTaskPage';
import { FitterTasksPage } from './FitterTasksPage';

vi.mock('../api/fitter-tasks', () => ({
  getTask: vi.fn(),
  getTodayTasks: vi.fn(),
  revealAddress: vi.fn(),
  revealPhone: vi.fn(),
  sendQueuedStep: vi.fn(),
}));

const task = (steps: FitterTask['steps'] = []): FitterTask => ({
  folderId: 7,
  number: 'D-2026-00519',
  companyId: 2,
  plate: 'AB-123-CD',
  vehicle: 'Renault Clio V',
  customer: 'Martin Camille',
  city: 'Lyon',
  postalCode: '69007',
  hasAddress: true,
  hasPhone: true,
  appointmentAt: '2026-11-23T08:00:00.000Z',
  appointmentMinutes: 60,
  appointmentComment: null,
  technician: 'Karim Haddad',
  status: { code: 'open', label: 'Ouvert', color: 'blue' },
  closed: false,
  steps,
  repairKind: null,
  deliverySignedAt: null,
});

let account = 0;
const signIn = () => {
  // One queue per account and tab: a new account per test starts from an empty queue.
  account += 1;
  const claims = lyonClaims({
    role: 'ROLE_POSEUR',
    name: 'Karim Benali',
    email: `poseur+${account}@demo.garage.fr`,
    jeton: 0,
  });
  useSession.setState({ claims });
};

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

const recorded = (entry: QueuedEntry) => ({
  kind: 'sent' as const,
  result: {
    folderId: entry.folderId,
    step: isSignature(entry) ? 7 : entry.step,
    doneAt: entry.doneAt,
    recordedAt: entry.doneAt,
    documentIds: [],
    comment: null,
    replayed: false,
    status: { code: 'open', label: 'Ouvert' },
  },
});

const renderTask = () =>
  renderWithProviders(
    <Routes>
      <Route path="/calendar/task/:folderId" element={<FitterTaskPage />} />
    </Routes>,
    { route: '/calendar/task/7' },
  );
const stepItem = (step: number) =>
  screen.getAllByTestId('fitter-step').find((item) => item.dataset.step === String(step)) as HTMLElement;

beforeEach(() => {
  signIn();
  setOnline(true);
  vi.mocked(getTask).mockReset();
  vi.mocked(sendQueuedStep).mockReset();
});
afterEach(() => setOnline(true));

describe('FitterTaskPage', () => {
  it('shows the steps in order: done with its time, the next one open with the camera, later ones locked', async () => {
    vi.mocked(getTask).mockResolvedValue(task([{ step: 1, doneAt: '2026-11-23T08:02:00.000Z' }]));
    vi.mocked(sendQueuedStep).mockImplementation(async (entry) => recorded(entry));
    renderTask();
    expect(await screen.findByText('2. Photos avant travaux')).toBeInTheDocument();
    expect(screen.getAllByTestId('fitter-step').map((item) => item.dataset.status)).toEqual([
      'done',
      'next',
      'later',
      'later',
      'later',
      'later',
      'later',
    ]);
    expect(within(stepItem(1)).getByText(/^Fait à/)).toBeInTheDocument();
    const input = screen.getByLabelText(/Prendre la photo/) as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    const validate = screen.getByRole('button', { name: /Valider : Photos avant travaux/ });
    expect(validate).toBeDisabled();
    // Later steps offer no action.
    expect(within(stepItem(3)).queryByRole('button')).toBeNull();

    // Two photos, one after the other; one taken by mistake is removed before validating.
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'avant.jpg', { type: 'image/jpeg' });
    const other = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cote.jpg', { type: 'image/jpeg' });
    const wrong = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'flou.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    fireEvent.change(screen.getByLabelText(/Ajouter une photo/), { target: { files: [wrong] } });
    fireEvent.change(screen.getByLabelText(/Ajouter une photo/), { target: { files: [other] } });
    expect(screen.getByTestId('fitter-photo-count')).toHaveTextContent('3 photos sur 6 au plus');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la photo 2' }));
    fireEvent.click(validate);
    await waitFor(() => expect(sendQueuedStep).toHaveBeenCalledTimes(1));
    const [entry] = vi.mocked(sendQueuedStep).mock.calls[0] as [QueuedStep];
    expect(entry).toMatchObject({ folderId: 7, step: 2 });
    expect(entry.photos).toEqual([
      { blob: photo, name: 'avant.jpg' },
      { blob: other, name: 'cote.jpg' },
    ]);
    expect(entry.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Sent: the step is done and the task is read again.
    await waitFor(() => expect(stepItem(2).dataset.status).toBe('done'));
    expect(stepItem(3).dataset.status).toBe('next');
    await waitFor(() => expect(getTask).toHaveBeenCalledTimes(2));
  });

  it('once the seven steps are done, offers the delivery report to print or to sign on the phone', async () => {
    const done = [1, 2, 3, 4, 5, 6, 7].map((step) => ({ step, doneAt: '2026-11-23T09:00:00.000Z' }));
    vi.mocked(getTask).mockResolvedValue(task(done as FitterTask['steps']));
    renderTask();
    expect(await screen.findByText('Intervention terminée')).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'Procès-verbal de livraison' });
    expect(within(report).getByRole('link', { name: 'Imprimer' })).toHaveAttribute(
      'href',
      '/api/folder/7/delivery-report/view',
    );
    fireEvent.click(within(report).getByRole('button', { name: 'Faire signer le client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signature du procès-verbal de livraison' });
    expect(within(dialog).getByLabelText('Nom du signataire')).toHaveValue('Martin Camille');
    expect(within(dialog).getByLabelText('Réserves du client (laisser vide : sans réserve)')).toBeInTheDocument();
  });

  it('queues the customer’s signature offline, dated on the phone, and sends it after the network is back', async () => {
    const done = [1, 2, 3, 4, 5, 6, 7].map((step) => ({ step, doneAt: '2026-11-23T09:00:00.000Z' }));
    vi.mocked(getTask).mockResolvedValue(task(done as FitterTask['steps']));
    vi.mocked(sendQueuedStep).mockImplementation(async (entry) => recorded(entry));
    renderTask();
    const report = await screen.findByRole('region', { name: 'Procès-verbal de livraison' });
    setOnline(false);
    fireEvent.click(within(report).getByRole('button', { name: 'Faire signer le client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signature du procès-verbal de livraison' });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signer' }));
    expect(await screen.findByTestId('fitter-delivery-signed')).toHaveTextContent(
      /Procès-verbal signé le .* : en attente d’envoi/,
    );
    expect(sendQueuedStep).not.toHaveBeenCalled();
    setOnline(true);
    await waitFor(() => expect(sendQueuedStep).toHaveBeenCalledTimes(1));
    const [entry] = vi.mocked(sendQueuedStep).mock.calls[0] as [QueuedEntry];
    expect(entry).toMatchObject({
      kind: 'signature',
      folderId: 7,
      body: { signerName: 'Martin Camille', accepted: true },
    });
  });

  it('calls the customer after revealing the number through the logged contact call', async () => {
    vi.mocked(getTask).mockResolvedValue(task());
    vi.mocked(revealPhone).mockResolvedValue('06 12 34 56 78');
    renderTask();
    fireEvent.click(await screen.findByRole('button', { name: 'Appeler le client' }));
    const call = await screen.findByRole('link', { name: /Appeler le 06 12 34 56 78/ });
    expect(call).toHaveAttribute('href', 'tel:0612345678');
    expect(revealPhone).toHaveBeenCalledWith(7);
  });

  it('keeps a step done offline as pending, says so, and sends it when the network is back', async () => {
    vi.mocked(getTask).mockResolvedValue(task());
    vi.mocked(sendQueuedStep).mockImplementation(async (entry) => recorded(entry));
    renderTask();
    const go = await screen.findByRole('button', { name: /Valider : Je pars chez le client/ });
    setOnline(false);
    fireEvent.click(go);
    const banner = await screen.findByTestId('fitter-sync-banner');
    await waitFor(() => expect(banner).toHaveTextContent('1 étape en attente d’envoi'));
    expect(banner).toHaveTextContent('Hors connexion : vos étapes partent dès le retour du réseau');
    expect(stepItem(1).dataset.status).toBe('pending');
    expect(within(stepItem(1)).getByText('En attente d’envoi')).toBeInTheDocument();
    // The next step is open at once, offline too.
    expect(stepItem(2).dataset.status).toBe('next');
    expect(sendQueuedStep).not.toHaveBeenCalled();

    setOnline(true);
    await waitFor(() =>
      expect(screen.getByTestId('fitter-sync-banner')).toHaveTextContent('Toutes vos étapes sont envoyées'),
    );
    expect(sendQueuedStep).toHaveBeenCalledTimes(1);
    expect(stepItem(1).dataset.status).toBe('done');
  });

  it('says in French when the server refuses a step, and offers it again', async () => {
    vi.mocked(getTask).mockResolvedValue(task());
    vi.mocked(sendQueuedStep).mockResolvedValue({ kind: 'refused', message: 'Dossier introuvable' });
    renderTask();
    fireEvent.click(await screen.findByRole('button', { name: /Valider : Je pars chez le client/ }));
    expect(await screen.findByText('Étape « Je pars chez le client » refusée')).toBeInTheDocument();
    expect(screen.getByText('Dossier introuvable')).toBeInTheDocument();
    expect(stepItem(1).dataset.status).toBe('next');
  });
});

describe('FitterTasksPage', () => {
  it('lists the day’s folders with their next step, each opening its task', async () => {
    vi.mocked(getTodayTasks).mockResolvedValue({
      date: '2026-11-23',
      tasks: [task([{ step: 1, doneAt: '2026-11-23T08:02:00.000Z' }]), { ...task(), folderId: 8, plate: 'EF-456-GH' }],
    });
    vi.mocked(getTask).mockResolvedValue(task([{ step: 1, doneAt: '2026-11-23T08:02:00.000Z' }]));
    renderWithProviders(
      <Routes>
        <Route path="/calendar/tasks" element={<FitterTasksPage />} />
        <Route path="/calendar/task/:folderId" element={<FitterTaskPage />} />
      </Routes>,
      { route: '/calendar/tasks' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mes interventions du jour' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('fitter-task');
    expect(cards.map((card) => card.dataset.folderId)).toEqual(['7', '8']);
    expect(cards[0]).toHaveTextContent('Prochaine étape : 2. Photos avant travaux');
    expect(cards[1]).toHaveTextContent('Prochaine étape : 1. Je pars chez le client');
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: /Ouvrir l’intervention/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Intervention' })).toBeInTheDocument();
  });
});
