import { SETUP_ITEM_KEYS, setupChecklistSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import { billing, body } from './billing/fixtures';
import { createTestApp, ownTestGarage } from './helpers';

/*
 * « Mise en route »: each item read from what the garage saved; the legal identity says what the issue refusal says,
 * and completing it is what lets the first invoice be issued.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

const checklistOf = async (garage: { companyId: number; cookie: string }) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/company/${garage.companyId}/setup`,
    headers: { cookie: garage.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return setupChecklistSchema.parse(response.json());
};

describe('« Mise en route »', () => {
  it('says what a garage lacks before its first invoice, and lets it issue once its identity is complete', async () => {
    const garage = await ownTestGarage(app);
    const complete = await checklistOf(garage);
    expect(complete.items.map((item) => item.key)).toEqual([...SETUP_ITEM_KEYS]);
    expect(complete.items.find((item) => item.key === 'identity')?.done).toBe(true);
    expect(complete.ready).toBe(true);
    // The test app has no mail server nor SMS provider: both say so.
    expect(complete.items.find((item) => item.key === 'mail')).toMatchObject({ done: false });
    expect(complete.items.find((item) => item.key === 'sms')?.detail).toBe(
      'Aucun fournisseur de SMS : les SMS attendent dans la file d’envoi',
    );
    // Nor an approved platform: supplier e-invoices are not received, which the law has required since 2026.
    expect(complete.items.find((item) => item.key === 'einvoicing')?.detail).toContain('Aucune plateforme agréée');

    const [before] = await app.db.select().from(companies).where(eq(companies.id, garage.companyId));
    await app.db
      .update(companies)
      .set({ siret: null, legalForm: null, iban: null, hourlyRate: null })
      .where(eq(companies.id, garage.companyId));
    const missing = await checklistOf(garage);
    expect(missing.ready).toBe(false);
    const identity = missing.items.find((item) => item.key === 'identity');
    expect(identity).toMatchObject({ done: false });
    expect(identity?.detail).toContain('un SIRET valide (BR-FR-10)');
    expect(identity?.detail).toContain('la forme juridique');
    expect(missing.items.filter((item) => !item.done).map((item) => item.key)).toEqual(
      expect.arrayContaining(['identity', 'bank', 'rates']),
    );
    // The refusal at issue names the same missing mentions.
    const docs = billing(app, garage.cookie);
    const draft = await docs.create('invoice', body());
    const refused = await docs.call('POST', `/api/quotation/${draft}/issue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('un SIRET valide (BR-FR-10), la forme juridique');

    await app.db
      .update(companies)
      .set({ siret: before?.siret, legalForm: before?.legalForm, iban: before?.iban, hourlyRate: before?.hourlyRate })
      .where(eq(companies.id, garage.companyId));
    expect((await checklistOf(garage)).ready).toBe(true);
    expect((await docs.call('POST', `/api/quotation/${draft}/issue`)).statusCode).toBe(200);
  });

  it('is each garage’s own', async () => {
    const garage = await ownTestGarage(app);
    const other = await ownTestGarage(app);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/company/${garage.companyId}/setup`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
