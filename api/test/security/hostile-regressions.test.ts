import { APPOINTMENT_TOO_FAR_MESSAGE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { problemsOf } from './answer-checks';

/*
 * What the OpenAPI fuzzing (fuzz.test.ts) found, each pinned by the request that failed: ids past the
 * database's integers, NUL in text, URLs the router refuses by itself, an error body that broke a route's response
 * schema, a year 9999 appointment. Each answer is a French 4xx and nothing is written.
 */

let app: FastifyInstance;
let cookie: string;
let folderId: number;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  const owner = await ownTestGarage(app);
  cookie = owner.cookie;
  const folder = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: owner.email } });
  folderId = (folder.json() as { id: number }).id;
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string) =>
  app.inject({
    method,
    url,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload }),
  });

async function folderRow() {
  const [row] = await app.db.select().from(folders).where(eq(folders.id, folderId));
  return row;
}

describe('values the database cannot hold', () => {
  it('an id past its 32-bit integer is a French 400, not a 500', async () => {
    for (const url of ['/api/folder/2147483648', '/api/quotation/9007199254740991', '/api/supplier/2147483648']) {
      const answer = await call('GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toBe('Une valeur numérique envoyée dépasse les limites acceptées.');
    }
  });

  it('NUL in a text is a French 400 and the folder keeps its name', async () => {
    const before = await folderRow();
    const answer = await call(
      'PUT',
      `/api/folder/${folderId}`,
      JSON.stringify({ lastName: 'Dupont\u0000--', plate: before?.plate ?? 'AA-123-AA' }),
    );
    expect(problemsOf(answer)).toEqual([]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Le texte envoyé contient un caractère non autorisé.');
    expect((await folderRow())?.lastName).toBe(before?.lastName);
  });
});

describe('URLs the router refuses before any route', () => {
  it('a broken percent-escape: 400 in French', async () => {
    const answer = await call('GET', '/api/folder/%');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'Adresse invalide.' });
  });

  it('a path parameter past the router’s length: 414 in French', async () => {
    const answer = await call('GET', `/product/search/${'x'.repeat(500)}`);
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toMatchObject({ message: 'Adresse trop longue.' });
  });
});

describe('refusals of routes with their own error shape', () => {
  it('a body the JSON parser refuses on `{ code, error }` settings: a French 400, not a serialisation 500', async () => {
    const answer = await call('POST', '/api/notifications/configure', '{"__proto__":{"admin":true}}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'Le corps de la requête n’est pas un JSON valide.' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('appointments', () => {
  it('a year 9999 appointment is refused in French, the folder unchanged', async () => {
    const before = await folderRow();
    const answer = await call(
      'PUT',
      `/api/calendar/appointment/${folderId}`,
      JSON.stringify({ start: '9999-12-31T23:59:59Z', minutes: 442, technicianId: null }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(APPOINTMENT_TOO_FAR_MESSAGE);
    expect((await folderRow())?.appointmentAt).toEqual(before?.appointmentAt);
  });
});
