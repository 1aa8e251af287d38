import { DEFAULT_NOTIFICATION_CONFIG, type NotificationConfig, notificationConfigSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { userId } from './fixtures';

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, 'poseur.admin@demo.garage.fr');
});
afterAll(() => app.close());

const read = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/notifications/configure', headers: { cookie } });
const save = (cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/notifications/configure', headers: { cookie }, payload });

const valid = async (): Promise<NotificationConfig> => ({
  ...DEFAULT_NOTIFICATION_CONFIG,
  defaultRecipients: 'adminOwnerCom',
  usersRecipients: [await userId(app, 'poseur@demo.garage.fr')],
  mailDefaultRecipients: 'owner',
  mailUsersRecipients: [await userId(app, 'poseur.admin@demo.garage.fr')],
  smsTemplate: '<p>Dossier #FOLDER# prêt</p><script>alert(1)</script>',
  phones: [{ phone: '0612345678' }, { phone: '' }],
});

describe('GET /api/notifications/configure', () => {
  it('answers the seeded configuration of the selected garage', async () => {
    const response = await read(admin);
    expect(response.statusCode).toBe(200);
    const config = notificationConfigSchema.parse(response.json());
    expect(config.defaultRecipients).toBe('adminOwner');
    expect(config.phones).toEqual([{ phone: '0478123456' }]);
    expect(config.smsTemplate).toContain('#FOLDER#');
  });

  it('refuses TOUT (0) with the French warning', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } });
    const response = await read(multi);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Cette page ne s'affiche que si un garage est sélectionné en haut à gauche");
    const saved = await save(multi, await valid());
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({
      code: 400,
      error: "Cette page ne s'affiche que si un garage est sélectionné en haut à gauche",
      // Every refusal carries the id its log lines have.
      requestId: expect.any(String),
    });
  });

  it('is for garage administrators only (notificationSettings)', async () => {
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await read(fitter)).statusCode).toBe(403);
    expect((await save(fitter, await valid())).statusCode).toBe(403);
  });
});

describe('POST /api/notifications/configure', () => {
  it('saves, sanitizes the SMS template, drops empty phone rows and answers code 200', async () => {
    const response = await save(admin, await valid());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, detail: 'Configuration sauvegardée' });
    const config = notificationConfigSchema.parse((await read(admin)).json());
    expect(config).toMatchObject({ defaultRecipients: 'adminOwnerCom', mailDefaultRecipients: 'owner' });
    expect(config.phones).toEqual([{ phone: '0612345678' }]);
    expect(config.smsTemplate).toBe('<p>Dossier #FOLDER# prêt</p>');
  });

  it('refuses a phone that is not 10 digits', async () => {
    for (const phone of ['061234567', '06123456789', '06 12 34 56', 'abcdefghij']) {
      const response = await save(admin, { ...(await valid()), phones: [{ phone }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error: 'Le numéro de téléphone doit contenir 10 chiffres',
        requestId: expect.any(String),
      });
    }
  });

  it('refuses a user of another garage, in either list', async () => {
    const stranger = await userId(app, 'cmd@demo.garage.fr');
    for (const key of ['usersRecipients', 'mailUsersRecipients'] as const) {
      const response = await save(admin, { ...(await valid()), [key]: [stranger] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error: 'Utilisateur inconnu pour ce garage',
        requestId: expect.any(String),
      });
    }
  });

  it('refuses an unknown recipient choice with a French message', async () => {
    const response = await save(admin, { ...(await valid()), defaultRecipients: 'everyone' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(typeof response.json().error).toBe('string');
  });
});
