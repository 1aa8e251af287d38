import { expect, type Locator, type Page, test } from '@playwright/test';
import { CALENDAR_CLASH_MESSAGE } from 'contracts';
import { createTestFolder, signIn } from './helpers';

/*
 * The technicians' week. A garage of the test's own (test-only route): its fitters and appointments are the
 * test's alone. Everything happens next week, whose days are all ahead whatever day the test runs.
 */

const pad = (value: number) => String(value).padStart(2, '0');
/** The browser's local day (both run on this machine, in its time zone), as the page keys its cells. */
const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const today = new Date();
const nextMonday = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7 - ((today.getDay() + 6) % 7));
const nextWeek = (day: number, hour: number, minute = 0) =>
  new Date(nextMonday.getFullYear(), nextMonday.getMonth(), nextMonday.getDate() + day, hour, minute);

async function technician(page: Page, name: string, mobile: boolean): Promise<number> {
  const response = await page.request.post('/api/technician/new/0', { data: { name, mobile } });
  expect(response.status(), `poseur ${name}`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A folder of the garage with an appointment set as the folder page sets it, then given to a fitter. */
async function appointment(page: Page, email: string, start: Date, technicianId: number) {
  const folder = await createTestFolder(page, email);
  const set = await page.request.put(`/api/folder/${folder.id}/appointment/update`, {
    multipart: {
      'appointment[appointment]': start.toISOString(),
      'appointment[comment]': '',
      folderId: String(folder.id),
      scheduled: '1',
    },
  });
  expect(set.status()).toBe(200);
  const assigned = await page.request.put(`/api/calendar/appointment/${folder.id}`, {
    data: { start: start.toISOString(), minutes: 60, technicianId },
  });
  expect(assigned.status()).toBe(200);
  return folder;
}

/**
 * Drags an appointment's card onto a day's cell at `hour`:`minute`, as a person does with the mouse: once the drag
 * starts, each day shows the garage's hours (8:00 to 19:00) over its height, and the pointer's height sets the time.
 */
async function dropAt(page: Page, source: Locator, target: Locator, hour: number, minute: number) {
  // While the week reads again, the grid takes no drop (its loading veil): as a person, wait for it to lift.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const from = await source.boundingBox();
  if (!from) throw new Error('carte invisible');
  await page.mouse.move(from.x + 10, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 2 });
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('case invisible');
  const fraction = (hour - 8 + minute / 60) / 11;
  const x = box.x + box.width / 2;
  const y = box.y + box.height * fraction + 2;
  await page.mouse.move(x, y, { steps: 4 });
  // One more small move over the cell: the browser says where the drag is on each move.
  await page.mouse.move(x + 1, y);
  await expect(target.getByTestId('calendar-drop-time')).toHaveText(`Déposer à ${pad(hour)}:${pad(minute)}`);
  await page.mouse.up();
}

const cell = (page: Page, technicianId: number, day: Date) =>
  page.locator(`[data-testid="calendar-cell"][data-technician="${technicianId}"][data-day="${dayKey(day)}"]`);
const card = (page: Page, folderId: number) =>
  page.locator(`[data-testid="calendar-appointment"][data-folder-id="${folderId}"]`);

test('calendrier : glisser un rendez-vous vers un autre jour et un autre poseur, puis un chevauchement', async ({
  page,
}) => {
  // Two drags, each a call and a reload, and a page reload: more than 30 s beside parallel neighbours.
  test.slow();
  // Tall enough for the three rows' hours while a card is dragged (a person's browser scrolls near its edge).
  await page.setViewportSize({ width: 1280, height: 1200 });
  const response = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string; companyId: number };
  await signIn(page, garage.email);
  const atelier = await technician(page, 'Agathe Atelier', false);
  const route = await technician(page, 'Bruno Route', true);
  const tuesday = nextWeek(1, 10);
  const thursday = nextWeek(3, 10);
  const first = await appointment(page, garage.email, tuesday, atelier);

  await page.goto('/calendar/week/technicians');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendrier' })).toBeVisible();
  const title = page.getByRole('heading', { level: 2, name: /^Semaine du / });
  const thisWeek = await title.textContent();
  await page.getByRole('button', { name: /Semaine suivante/ }).click();
  await expect(title).not.toHaveText(thisWeek ?? '');
  await expect(page.getByRole('rowheader', { name: /Bruno Route/ })).toContainText('mobile');
  await expect(page.getByRole('rowheader', { name: 'Sans poseur' })).toBeVisible();
  await expect(cell(page, atelier, tuesday).locator(card(page, first.id))).toContainText(first.plate);

  // Tuesday at the garage -> Thursday on the road, at the same time of day.
  await dropAt(page, card(page, first.id), cell(page, route, thursday), 10, 0);
  await expect(page.locator('.ant-message').getByText('Rendez-vous déplacé')).toBeVisible();
  await expect(cell(page, route, thursday).locator(card(page, first.id))).toContainText('10:00 – 11:00');
  await page.reload();
  await expect(cell(page, route, thursday).locator(card(page, first.id))).toContainText(first.plate);
  await expect(cell(page, atelier, tuesday).locator(card(page, first.id))).toHaveCount(0);

  // A second one dropped at 10:30 on the same fitter and day: saved, with the warning on both.
  const second = await appointment(page, garage.email, nextWeek(1, 10, 30), atelier);
  await page.reload();
  await expect(cell(page, atelier, tuesday).locator(card(page, second.id))).toBeVisible();
  await dropAt(page, card(page, second.id), cell(page, route, thursday), 10, 30);
  await expect(page.getByText(CALENDAR_CLASH_MESSAGE, { exact: false })).toBeVisible();
  const thursdayOnTheRoad = cell(page, route, thursday);
  await expect(thursdayOnTheRoad.locator(card(page, second.id))).toContainText('Chevauchement');
  await expect(thursdayOnTheRoad.locator(card(page, first.id))).toContainText('Chevauchement');
});

test('calendrier : la semaine entière à 1280 px, un nouveau rendez-vous un jour ouvré à venir, un dépôt au quart d’heure sous le pointeur, et son annulation', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const response = await page.request.post('/api/test/garage', { data: { email: 'poseur.admin@demo.garage.fr' } });
  expect(response.status()).toBe(201);
  const garage = (await response.json()) as { email: string };
  await signIn(page, garage.email);
  const atelier = await technician(page, 'Chloé Atelier', false);
  const route = await technician(page, 'Denis Route', true);
  const tuesday = nextWeek(1, 10);
  const wednesday = nextWeek(2, 10);
  const folder = await appointment(page, garage.email, tuesday, atelier);

  await page.goto('/calendar/week/technicians');
  const week = page.getByRole('region', { name: 'Semaine des poseurs' });
  await expect(week).toBeVisible();
  // Monday to Sunday without scrolling sideways.
  expect(await week.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

  // « Nouveau rendez-vous » proposes a working day's slot still ahead, never a Sunday.
  await page.getByRole('button', { name: 'Nouveau rendez-vous' }).click();
  const dialog = page.getByRole('dialog');
  const proposed = await dialog.getByLabel('Date et heure').inputValue();
  const [, day, month, year, hour, minute] = /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)$/.exec(proposed) ?? [];
  const start = new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  expect([1, 2, 3, 4, 5]).toContain(start.getDay());
  expect(start.getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(Number(minute) % 15).toBe(0);
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // Next week: Tuesday 10:00 at the garage, dropped on Wednesday on the road at 14:30.
  await page.getByRole('button', { name: /Semaine suivante/ }).click();
  const source = card(page, folder.id);
  await expect(cell(page, atelier, tuesday).locator(source)).toBeVisible();
  const target = cell(page, route, wednesday);
  await dropAt(page, source, target, 14, 30);
  await expect(page.locator('.ant-message').getByText('Rendez-vous déplacé')).toBeVisible();
  await expect(target.locator(card(page, folder.id))).toContainText('14:30 – 15:30');

  // The move is undone from its message: back to Tuesday 10:00 at the garage.
  await page.locator('.ant-message').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.locator('.ant-message').getByText('Déplacement annulé')).toBeVisible();
  await expect(cell(page, atelier, tuesday).locator(card(page, folder.id))).toContainText('10:00 – 11:00');
  const saved = await page.request.get(
    `/api/calendar?${new URLSearchParams({ from: nextMonday.toISOString(), to: nextWeek(7, 0).toISOString() })}`,
  );
  const appointments = (
    (await saved.json()) as { appointments: { folderId: number; start: string; technicianId: number | null }[] }
  ).appointments;
  const back = appointments.find((row) => row.folderId === folder.id);
  expect([back?.start, back?.technicianId]).toEqual([tuesday.toISOString(), atelier]);
});
