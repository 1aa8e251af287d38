import {
  CASH_UP_EXPLANATION_REQUIRED,
  CASH_UP_FUTURE_DAY,
  CASH_UP_NOT_FOUND,
  cashUpAlreadyClosed,
  cashUpDaySchema,
  cashUpSchema,
  parisToday,
} from 'contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashUps, ledgerEvents } from '../../src/db/schema';
import { createTestApp, databaseRefusal, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * « Clôture de caisse »: a day's receipts at the desk by means of payment, the count of the cash against what the
 * drawer should hold, the difference explained, kept unchanged and printable; once per garage and day.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;
const today = parisToday();

function shiftDay(day: string, days: number) {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
  // A day at the desk: 30 € and 20 € in cash (the 20 € cancelled), 100 € by card.
  const invoice = await api.issue(await api.create('invoice', body({ lines: [line({ preTaxAmount: '500,00' })] })));
  const pay = async (amount: string, type: string) => {
    const paid = await api.call('POST', '/api/paiement', { invoiceId: invoice.id, amount, type });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().id as number;
  };
  await pay('30,00', 'cash');
  const mistaken = await pay('20,00', 'cash');
  await pay('100,00', 'card');
  const cancelled = await api.call('POST', `/api/paiement/${mistaken}/cancel`, { reason: 'Erreur de saisie' });
  expect(cancelled.statusCode, cancelled.body).toBe(201);
});
afterAll(() => app.close());

const dayOf = async (cookie: string, day = today) => {
  const response = await billing(app, cookie).call('GET', `/api/paiement/cash-up?day=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return cashUpDaySchema.parse(response.json());
};

describe('the cash-up of a day at the desk', () => {
  it('lists the day’s receipts by means of payment, a cancellation netted', async () => {
    const day = await dayOf(garage.cookie);
    expect(day.receipts).toEqual([
      { method: 'card', count: 1, amount: 10_000 },
      { method: 'cheque', count: 0, amount: 0 },
      { method: 'transfer', count: 0, amount: 0 },
      { method: 'cash', count: 3, amount: 3_000 },
    ]);
    expect(day).toMatchObject({ day: today, cashReceived: 3_000, closed: null });
  });

  it('closes the till: expected = float + the day’s cash, counted, no difference; kept, logged, printable', async () => {
    const response = await api.call('POST', '/api/paiement/cash-up', {
      day: today,
      floatAmount: '150,00',
      countedCash: '180,00',
    });
    expect(response.statusCode, response.body).toBe(201);
    const closed = cashUpSchema.parse(response.json());
    expect(closed).toMatchObject({ floatAmount: 15_000, expectedCash: 18_000, countedCash: 18_000, difference: 0 });
    expect((await dayOf(garage.cookie)).closed).toEqual(closed);

    const [event] = await app.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.companyId, garage.companyId), eq(ledgerEvents.kind, 'cash-up')))
      .orderBy(desc(ledgerEvents.seq));
    expect(event?.details).toMatchObject({ day: today, difference: 0, expectedCash: 18_000 });

    const pdf = await api.call('GET', `/api/paiement/cash-up/${closed.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`cloture-de-caisse-${today}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CLÔTURE DE CAISSE');
    expect(text).toMatch(/Espèces comptées\s*180,00\s*€/);
    expect(text).toMatch(/Carte\s*1\s*100,00\s*€/);

    // Kept as closed: the database refuses to change or remove it.
    expect(
      await databaseRefusal(app.db.update(cashUps).set({ countedCash: 1 }).where(eq(cashUps.id, closed.id))),
    ).toContain('ne se modifie ni ne se supprime');
    expect(await databaseRefusal(app.db.delete(cashUps).where(eq(cashUps.id, closed.id)))).toBeDefined();
  });

  it('closes a day once: a second count is refused with the day named', async () => {
    const again = await api.call('POST', '/api/paiement/cash-up', { day: today, floatAmount: '0', countedCash: '0' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(cashUpAlreadyClosed(today));
  });

  it('asks why the count differs, and keeps the explanation', async () => {
    const yesterday = shiftDay(today, -1);
    const count = { day: yesterday, floatAmount: '100,00', countedCash: '95,00' };
    const unexplained = await api.call('POST', '/api/paiement/cash-up', count);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().message).toBe(CASH_UP_EXPLANATION_REQUIRED);
    expect((await dayOf(garage.cookie, yesterday)).closed).toBeNull();

    const explained = await api.call('POST', '/api/paiement/cash-up', {
      ...count,
      explanation: 'Monnaie rendue en trop à un client',
    });
    expect(explained.statusCode, explained.body).toBe(201);
    expect(explained.json()).toMatchObject({ expectedCash: 10_000, difference: -500 });
  });

  it('refuses a day to come, a negative amount, an unreadable one, in French', async () => {
    const future = await api.call('POST', '/api/paiement/cash-up', {
      day: shiftDay(today, 1),
      floatAmount: '0',
      countedCash: '0',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(CASH_UP_FUTURE_DAY);
    const negative = await api.call('POST', '/api/paiement/cash-up', {
      day: shiftDay(today, -2),
      floatAmount: '-5',
      countedCash: '0',
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('Fond de caisse : le montant ne peut pas être négatif');
    const unreadable = await api.call('POST', '/api/paiement/cash-up', {
      day: shiftDay(today, -2),
      floatAmount: '0',
      countedCash: 'beaucoup',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toContain('Espèces comptées : montant invalide');
    expect((await dayOf(garage.cookie, shiftDay(today, -2))).closed).toBeNull();
  });

  it('lets two cashiers closing at once write one count: the other gets 409', async () => {
    const day = shiftDay(today, -3);
    const count = { day, floatAmount: '50,00', countedCash: '50,00' };
    const answers = await Promise.all([
      api.call('POST', '/api/paiement/cash-up', count),
      api.call('POST', '/api/paiement/cash-up', count),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const kept = await app.db
      .select()
      .from(cashUps)
      .where(and(eq(cashUps.companyId, garage.companyId), eq(cashUps.day, day)));
    expect(kept).toHaveLength(1);
  });

  it('belongs to its garage: another garage sees its own day only, and not this count (404)', async () => {
    const other = await ownTestGarage(app);
    const theirs = await dayOf(other.cookie);
    expect(theirs.receipts.every((receipt) => receipt.count === 0 && receipt.amount === 0)).toBe(true);
    expect(theirs.closed).toBeNull();
    const [mine] = await app.db.select().from(cashUps).where(eq(cashUps.companyId, garage.companyId));
    const pdf = await billing(app, other.cookie).call('GET', `/api/paiement/cash-up/${mine?.id}/pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe(CASH_UP_NOT_FOUND);
  });
});
