import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import type { CalendarAppointment, CalendarResponse } from 'contracts';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders, shownDate, typeDate } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayKey, mondayOf, weekRange } from '../../../lib/week';
import { CalendarPage as LazyCalendarPage, PAGE_ELEMENTS } from '../../../routes';
import { cancelAppointment, getCalendarWeek, moveAppointment } from '../api/calendar';
import { CalendarPage } from './CalendarPage';

vi.mock('../api/calendar', () => ({
  getCalendarWeek: vi.fn(),
  moveAppointment: vi.fn(),
  cancelAppointment: vi.fn(),
}));

const claims = lyonClaims();

/** A week well ahead: every day of it may take an appointment. */
const monday = mondayOf(addDays(new Date(), 60));
const on = (day: number, hour: number, minute = 0) =>
  new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + day, hour, minute);

const appointment = (overrides: Partial<CalendarAppointment>): CalendarAppointment => ({
  folderId: 7,
  folderNumber: 'D-2026-00007',
  companyId: 2,
  plate: 'HJ-100-FH',
  customer: 'Martin Camille',
  city: 'Lyon',
  postalCode: '69007',
  technicianId: 1,
  start: on(1, 9).toISOString(),
  minutes: 60,
  statusLabel: 'Rendez-vous pris',
  statusColor: 'cyan',
  clash: false,
  travelMinutesBefore: null,
  ...overrides,
});

const week: CalendarResponse = {
  technicians: [
    { id: 1, name: 'Karim Haddad', color: '#1e7b34', mobile: false, active: true, companyId: 2, companyName: 'Lyon' },
    { id: 2, name: 'Sébastien Roche', color: '#1677ff', mobile: true, active: true, companyId: 2, companyName: 'Lyon' },
  ],
  appointments: [
    appointment({ clash: true }),
    appointment({ folderId: 8, plate: 'GX-117-NS', start: on(1, 9, 30).toISOString(), clash: true }),
    appointment({ folderId: 9, plate: 'FA-899-EN', technicianId: 2, start: on(2, 8).toISOString() }),
    appointment({
      folderId: 10,
      plate: 'LD-440-FG',
      technicianId: 2,
      start: on(2, 10).toISOString(),
      postalCode: '69100',
      travelMinutesBefore: 30,
    }),
    appointment({ folderId: 11, plate: 'EP-321-GB', technicianId: null, start: on(4, 14).toISOString() }),
  ],
};

const load = vi.mocked(getCalendarWeek);
const move = vi.mocked(moveAppointment);
const cancel = vi.mocked(cancelAppointment);

const cell = (technician: string, day: number) =>
  document.querySelector(
    `[data-testid="calendar-cell"][data-technician="${technician}"][data-day="${dayKey(addDays(monday, day))}"]`,
  ) as HTMLElement;
const card = (folderId: number) =>
  document.querySelector(`[data-testid="calendar-appointment"][data-folder-id="${folderId}"]`) as HTMLElement;

function renderPage() {
  renderWithProviders(<CalendarPage />, { route: `/calendar/week/technicians?semaine=${dayKey(monday)}` });
}

beforeEach(() => {
  load.mockReset().mockResolvedValue(week);
  move
    .mockReset()
    .mockImplementation(async (folderId, body) =>
      appointment({ folderId, start: body.start, minutes: body.minutes ?? 60, technicianId: body.technicianId }),
    );
  cancel.mockReset().mockResolvedValue(undefined);
  useSession.setState({ claims });
});

describe('CalendarPage', () => {
  it('is the calendar route’s page, loaded with its own chunk', async () => {
    expect(PAGE_ELEMENTS['/calendar/week/technicians']?.props.children.type).toBe(LazyCalendarPage);
    expect(Object.keys(await import('./CalendarPage'))).toEqual(['CalendarPage']);
  });

  it('shows the week: one row per fitter and "Sans poseur", cards by day with clash and travel', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendrier' })).toBeInTheDocument();
    expect(await screen.findByText('HJ-100-FH', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(weekRange(monday).from, weekRange(monday).to);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Semaine du /);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers[0]).toBe('Poseur');
    expect(headers[1]).toMatch(/^Lundi/);
    expect(headers[7]).toMatch(/^Dimanche/);
    const rows = screen.getAllByRole('rowheader').map((header) => header.textContent);
    expect(rows).toEqual(['Karim Haddad', 'Sébastien Rochemobile', 'Sans poseur']);

    const tuesday = within(cell('1', 1));
    expect(tuesday.getAllByText('Chevauchement')).toHaveLength(2);
    expect(tuesday.getByRole('link', { name: 'HJ-100-FH' })).toHaveAttribute('href', '/folder/show/7');
    expect(within(cell('2', 2)).getByText('≈ 30 min de trajet')).toBeInTheDocument();
    expect(within(cell('2', 2)).queryByText('Chevauchement')).toBeNull();
    expect(within(cell('none', 4)).getByText('EP-321-GB')).toBeInTheDocument();
  });

  it('moves a dropped card to the cell’s day and fitter at the quarter hour under the pointer, and undoes it', async () => {
    renderPage();
    await screen.findByText('HJ-100-FH', undefined, { timeout: 10_000 });
    const transfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(card(7), { dataTransfer: transfer });
    // The day's grid, 8:00 to 19:00 over the cell's height: the middle is 13:30.
    vi.spyOn(cell('2', 3), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 120, 220));
    // jsdom's drag events carry no pointer position: the one under test is set on the event.
    const over = createEvent.dragOver(cell('2', 3), { dataTransfer: transfer });
    Object.defineProperty(over, 'clientY', { value: 210 });
    fireEvent(cell('2', 3), over);
    expect(within(cell('2', 3)).getByTestId('calendar-drop-time')).toHaveTextContent('Déposer à 13:30');
    fireEvent.drop(cell('2', 3), { dataTransfer: transfer });
    await vi.waitFor(() =>
      expect(move).toHaveBeenCalledWith(7, { start: on(3, 13, 30).toISOString(), minutes: 60, technicianId: 2 }),
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(transfer.setData).toHaveBeenCalledWith('text/plain', '7');
    // The move's message offers the way back: the appointment returns to its day, time and fitter.
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() =>
      expect(move).toHaveBeenLastCalledWith(7, { start: on(1, 9).toISOString(), minutes: 60, technicianId: 1 }),
    );
  });

  it('a drop on its own cell changes nothing', async () => {
    renderPage();
    await screen.findByText('HJ-100-FH', undefined, { timeout: 10_000 });
    const transfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(card(7), { dataTransfer: transfer });
    fireEvent.drop(cell('1', 1), { dataTransfer: transfer });
    expect(move).not.toHaveBeenCalled();
  });

  it('moves and cancels from the keyboard, through "Déplacer"', async () => {
    renderPage();
    await screen.findByText('HJ-100-FH', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Déplacer le rendez-vous FA-899-EN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous FA-899-EN' });
    expect(await within(dialog).findByLabelText('Date et heure')).toHaveValue(
      shownDate(`${dayKey(addDays(monday, 2))}T08:00`),
    );
    typeDate(within(dialog).getByLabelText('Date et heure'), `${dayKey(addDays(monday, 4))}T15:30`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(move).toHaveBeenCalledWith(9, { start: on(4, 15, 30).toISOString(), minutes: 60, technicianId: 2 }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Déplacer le rendez-vous HJ-100-FH' }));
    const again = await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous HJ-100-FH' });
    fireEvent.click(within(again).getByRole('button', { name: 'Annuler le rendez-vous' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Oui, annuler' }));
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledWith(7));
  }, 30_000);

  it('goes to the next week and back to this one', async () => {
    renderPage();
    await screen.findByText('HJ-100-FH', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /Semaine suivante/ }));
    const next = addDays(monday, 7);
    await vi.waitFor(() => expect(load).toHaveBeenLastCalledWith(weekRange(next).from, weekRange(next).to));
    fireEvent.click(screen.getByRole('button', { name: /Aujourd’hui/ }));
    const thisWeek = mondayOf(new Date());
    await vi.waitFor(() => expect(load).toHaveBeenLastCalledWith(weekRange(thisWeek).from, weekRange(thisWeek).to));
  });

  it('says when the week could not be loaded, and retries', async () => {
    load.mockReset().mockRejectedValueOnce(new Error('réseau')).mockResolvedValue(week);
    renderPage();
    expect(await screen.findByText('Erreur lors du chargement du calendrier')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByText('HJ-100-FH')).toBeInTheDocument();
  });
});
