import { COUNTER_NEEDS_LINES, COUNTER_PICK_GARAGE, counterSaleSchema, counterVehicleSchema } from 'contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, folders, payments } from '../../src/db/schema';
import { uniquePlate } from '../../test-support/folder-fixture';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { billing, line } from './fixtures';

/*
 * « Vente au comptoir »: the folder, the invoice issued « acquittée » and its payment, in one call and one
 * transaction; a refusal leaves nothing behind.
 */

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownTestGarage>>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  owner = await ownTestGarage(app);
});
afterAll(() => app.close());

const sell = (cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/paiement/counter', headers: { cookie }, payload });
const sale = (plate: string, method = 'card', euros = '36,00') => ({
  folder: {
    lastName: 'Passant',
    firstName: 'Paul',
    address: '3 place Bellecour',
    postalCode: '69002',
    city: 'Lyon',
    plate,
    brand: 'Peugeot',
    model: '208',
  },
  lines: [line({ title: 'Balais d’essuie-glace', preTaxAmount: euros })],
  taxInclusive: true,
  method,
});
const countOf = async (table: typeof folders | typeof billingDocuments | typeof payments) =>
  (await app.db.select({ n: count() }).from(table).where(eq(table.companyId, owner.companyId)))[0]?.n;

describe('POST /api/paiement/counter', () => {
  it('opens the folder, issues the invoice acquittée to the cent typed TTC and records its payment', async () => {
    const plate = uniquePlate();
    const answer = await sell(owner.cookie, sale(plate));
    expect(answer.statusCode, answer.body).toBe(201);
    const done = counterSaleSchema.parse(answer.json());
    expect(done.totalAmount).toBe(3_600);
    const invoice = await billing(app, owner.cookie).read(done.invoiceId);
    expect(invoice).toMatchObject({
      number: done.number,
      status: 'paid',
      paidAtIssue: 'card',
      paymentTermDays: 0,
      folderId: done.folderId,
      customer: { name: 'Paul Passant' },
      vehicleMentions: { plate: expect.stringContaining(plate.slice(0, 2)) },
    });
    const [payment] = await app.db.select().from(payments).where(eq(payments.invoiceId, done.invoiceId));
    expect(payment).toMatchObject({ amount: 3_600, method: 'card' });
    // The vehicle is known from now on, with its customer's name and not their contact details.
    const known = await app.inject({
      method: 'GET',
      url: `/api/paiement/counter/vehicle?plate=${plate}`,
      headers: { cookie: owner.cookie },
    });
    expect(counterVehicleSchema.parse(known.json())).toMatchObject({
      brand: 'Peugeot',
      model: '208',
      lastName: 'Passant',
    });
    expect(known.body).not.toContain('phone');
  });

  it('leaves nothing behind when the payment is refused (cash over the ceiling) or the body is wrong', async () => {
    const before = await Promise.all([countOf(folders), countOf(billingDocuments), countOf(payments)]);
    const cash = await sell(owner.cookie, sale(uniquePlate(), 'cash', '1500,00'));
    expect(cash.statusCode).toBe(400);
    expect(cash.json().message).toMatch(/espèces/i);
    const empty = await sell(owner.cookie, { ...sale(uniquePlate()), lines: [] });
    expect([empty.statusCode, empty.json().message]).toEqual([400, COUNTER_NEEDS_LINES]);
    // An invoice names its buyer's address (CGI art. 242 nonies A): refused at issue, the folder goes with it.
    const { address: _address, ...noAddress } = sale(uniquePlate()).folder;
    const unaddressed = await sell(owner.cookie, { ...sale(uniquePlate()), folder: noAddress });
    expect(unaddressed.statusCode).toBe(409);
    expect(unaddressed.json().message).toContain('l’adresse complète de l’acheteur');
    const badPlate = await sell(owner.cookie, sale('nope'));
    expect(badPlate.statusCode).toBe(400);
    expect(badPlate.json().message).toContain('Immatriculation invalide');
    expect(await Promise.all([countOf(folders), countOf(billingDocuments), countOf(payments)])).toEqual(before);
  });

  it('needs one garage selected and the cashier’s role; a vehicle of another garage is not known', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    expect(
      (await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode,
    ).toBe(200);
    const tout = await sell(multi, sale(uniquePlate()));
    expect([tout.statusCode, tout.json().message]).toEqual([400, COUNTER_PICK_GARAGE]);
    const accountant = await login(app, 'comptable@demo.garage.fr');
    expect((await sell(accountant, sale(uniquePlate()))).statusCode).toBe(403);

    const plate = uniquePlate();
    expect((await sell(owner.cookie, sale(plate))).statusCode).toBe(201);
    const stranger = await ownTestGarage(app);
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/paiement/counter/vehicle?plate=${plate}`,
      headers: { cookie: stranger.cookie },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([200, null]);
  });
});
