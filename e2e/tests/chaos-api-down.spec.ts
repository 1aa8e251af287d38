import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { CALENDAR_TITLE } from 'contracts';
import { productionEnv, spawnTestServer } from '../scripts/production-server.mjs';
import { createTestFolder, loginAs } from './helpers';

/*
 * Chaos: the API stops for 30 s under a user's open page, then starts again on the same data. The page
 * says so in French within seconds, is not reloaded and takes the live stream up: a notification written right
 * after the restart reaches the bell.
 */
const PORT = 3160;
const BASE = `http://127.0.0.1:${PORT}`;
const DOWN_MS = 30_000;
const PASSWORD = 'Garage2026!';

function startApi(dataDir: string): ChildProcess {
  return spawnTestServer(productionEnv({ port: PORT, dataDir }), 'ignore');
}

async function waitUntilUp(timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const up = await fetch(`${BASE}/api/health/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`le serveur de ${BASE} ne répond pas après ${timeoutMs} ms`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

test.use({ baseURL: BASE });

test('le serveur arrêté 30 s : un bandeau en français, puis la page reprend seule et la cloche reçoit la suite', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'garage-chaos-')), 'pglite');
  let server = startApi(dataDir);
  try {
    await waitUntilUp(120_000);
    const owner = await loginAs(page, 'poseur.admin@demo.garage.fr');
    const folder = await createTestFolder(page, owner);
    await page.goto(`/folder/show/${folder.id}`);
    await expect(page.getByRole('heading', { name: new RegExp(`Dossier ${folder.number}`) })).toBeVisible();
    // A mark in this document: it is still there at the end only if nothing reloaded the page.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const stoppedAt = Date.now();
    await stop(server);
    const banner = page.getByRole('alert').filter({ hasText: 'Connexion au serveur perdue' });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    console.log(`Serveur arrêté : bandeau affiché après ${Date.now() - stoppedAt} ms`);
    await expect(banner).toContainText('Ce que vous avez saisi reste à l’écran');
    // A page never opened before, while down: its code cannot come, the frame says so (the menu stays usable).
    await page.getByRole('link', { name: CALENDAR_TITLE, exact: true }).first().click();
    await expect(page.getByText('Ce module est momentanément indisponible')).toBeVisible({ timeout: 10_000 });
    await page.waitForTimeout(Math.max(0, DOWN_MS - (Date.now() - stoppedAt)));
    await expect(banner).toBeVisible();

    server = startApi(dataDir);
    const restartMs = await waitUntilUp(60_000);
    const backAt = Date.now();
    // Written by the fitter as soon as the server is back: the owner's bell must get it.
    const fitter = await request.newContext({ baseURL: BASE });
    try {
      const cloned = await fitter.post('/api/test/clone-user', { data: { email: 'poseur@demo.garage.fr' } });
      const { email } = (await cloned.json()) as { email: string };
      expect((await fitter.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
      const comment = await fitter.post(`/api/comment/add/${folder.id}`, {
        data: { kind: 'comment', content: '<p>Reprise après la coupure</p>' },
      });
      expect(comment.status()).toBe(201);
    } finally {
      await fitter.dispose();
    }

    await expect(page.getByRole('status').filter({ hasText: 'Connexion rétablie' })).toBeVisible({ timeout: 10_000 });
    await expect(banner).toBeHidden();
    // The page that failed is loaded again by itself, without a reload.
    await expect(page.getByRole('heading', { name: CALENDAR_TITLE })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('notification-count')).toBeVisible({ timeout: 10_000 });
    console.log(
      `Serveur redémarré en ${restartMs} ms ; page reprise et notification reçue ${Date.now() - backAt} ms après`,
    );
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('button', { name: 'Non lue : Commentaire' }).first()).toBeVisible();
    await expect(drawer).toContainText(`Dossier ${folder.plate}`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  } finally {
    await stop(server);
  }
});
