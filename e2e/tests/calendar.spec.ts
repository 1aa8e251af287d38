import { expect, type Page, test } from '@playwright/test';
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

const cell = (page: Page, technicianId: number, day: Date) =>
  page.locator(`[data-testid="calendar-cell"][data-technician="${technicianId}"][data-day="${dayKey(day)}"]`);
const card = (page: Page, folderId: number) =>
  page.locator(`[data-testid="calendar-appointment"][data-folder-id="${folderId}"]`);

test('calendrier : glisser un rendez-vous vers un autre jour et un autre poseur, puis un chevauchement', async ({
  page,
}) => {
  // Two drags, each a call and a reload, and a page reload: more than 30 s beside parallel neighbours.
  test.slow();
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

  // Tuesday at the garage -> Thursday on the road, same time of day.
  await card(page, first.id).dragTo(cell(page, route, thursday));
  await expect(page.locator('.ant-message').getByText('Rendez-vous déplacé')).toBeVisible();
  await expect(cell(page, route, thursday).locator(card(page, first.id))).toContainText('10:00 – 11:00');
  await page.reload();
  await expect(cell(page, route, thursday).locator(card(page, first.id))).toContainText(first.plate);
  await expect(cell(page, atelier, tuesday).locator(card(page, first.id))).toHaveCount(0);

  // A second one dropped at 10:30 on the same fitter and day: saved, with the warning on both.
  const second = await appointment(page, garage.email, nextWeek(1, 10, 30), atelier);
  await page.reload();
  await expect(cell(page, atelier, tuesday).locator(card(page, second.id))).toBeVisible();
  await card(page, second.id).dragTo(cell(page, route, thursday));
  await expect(page.getByText(CALENDAR_CLASH_MESSAGE, { exact: false })).toBeVisible();
  const thursdayOnTheRoad = cell(page, route, thursday);
  await expect(thursdayOnTheRoad.locator(card(page, second.id))).toContainText('Chevauchement');
  await expect(thursdayOnTheRoad.locator(card(page, first.id))).toContainText('Chevauchement');
});
