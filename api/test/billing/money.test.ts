import {
  CASH_LIMIT_CENTS,
  CASH_LIMIT_NON_RESIDENT_CENTS,
  CHECKOUT_ALREADY_PAID,
  CHECKOUT_DECLINED,
  CHECKOUT_PICK_GARAGE,
  checkoutOrderSchema,
  checkoutPaidSchema,
  consumptionListResponseSchema,
  DEFAULT_UNIT_PACKS,
  EXPENSE_RECEIPT_INVALID,
  expenseListResponseSchema,
  PAYMENT_ALREADY_CANCELLED,
  PAYMENT_CANCEL_REASON_REQUIRED,
  PAYMENT_COLUMNS,
  PAYMENT_DATE_FUTURE,
  PAYMENT_EXCEEDS_DUE,
  PAYMENT_INVOICE_NOT_PAYABLE,
  parisDay,
  parisToday,
  paymentCashLimit,
  paymentDateBeforeIssue,
  paymentListResponseSchema,
  UNIT_KINDS,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, companies, payments, unitLedger } from '../../src/db/schema';
import { applyUnits } from '../../src/modules/billing/units/units-repository';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { createTestApp, databaseRefusal, login, multipart, unitBalance } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { pdfText } from '../pdf-text';

let app: FastifyInstance;
let lyonAdmin: string;
let parisService: string;
let parisCmd: string;
let accountant: string;
let multi: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
  [lyonAdmin, parisService, parisCmd, accountant, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'service.client@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'comptable@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  expect((await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode).toBe(
    200,
  );
});
afterAll(() => app.close());

let counter = 0;
/** An issued invoice of the test's own (the documents API is tested on its own). */
async function issuedInvoice(
  company = lyon,
  totalAmount = 10_000,
  { status = 'issued', issuedAt = new Date(), isBusiness = false } = {},
) {
  counter += 1;
  const [row] = await app.db
    .insert(billingDocuments)
    .values({
      companyId: company,
      type: 'invoice',
      status,
      number: status === 'draft' ? null : `T-MONEY-${counter}`,
      customer: {
        name: `Client test ${counter}`,
        address: '',
        postalCode: '',
        city: '',
        siren: '',
        vatNumber: '',
        email: '',
        isBusiness,
      },
      preTaxAmount: Math.round(totalAmount / 1.2),
      taxAmount: totalAmount - Math.round(totalAmount / 1.2),
      totalAmount,
      issuedAt: status === 'draft' ? null : issuedAt,
    })
    .returning({ id: billingDocuments.id });
  if (!row) throw new Error('no invoice');
  return row.id;
}

const pay = (cookie: string, invoiceId: number, amount: string | number, type = 'card') =>
  app.inject({ method: 'POST', url: '/api/paiement', headers: { cookie }, payload: { invoiceId, amount, type } });

const invoiceState = async (id: number) => {
  const [row] = await app.db
    .select({ paidAmount: billingDocuments.paidAmount, status: billingDocuments.status })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, id));
  return row;
};

const balance = (companyId: number) => unitBalance(app, companyId);

describe('payments', () => {
  it('a partial then the full payment: what is due goes down, the invoice shows paid', async () => {
    const invoice = await issuedInvoice(lyon, 12_000);
    const first = await pay(lyonAdmin, invoice, '50,00', 'cheque');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ paidAmount: 5_000, status: 'partial' });
    const second = await pay(lyonAdmin, invoice, 70, 'transfer');
    expect(second.json()).toMatchObject({ paidAmount: 12_000, status: 'paid' });
    expect(await invoiceState(invoice)).toEqual({ paidAmount: 12_000, status: 'paid' });
  });

  it('refuses more than what is due, a draft, and bad input, changing nothing', async () => {
    const invoice = await issuedInvoice(lyon, 10_000);
    const over = await pay(lyonAdmin, invoice, '100,01');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PAYMENT_EXCEEDS_DUE);
    const draft = await pay(lyonAdmin, await issuedInvoice(lyon, 10_000, { status: 'draft' }), 10);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe(PAYMENT_INVOICE_NOT_PAYABLE);
    for (const [amount, type] of [
      ['abc', 'card'],
      ['0', 'card'],
      ['-5', 'card'],
      ['10', 'bitcoin'],
    ]) {
      const bad = await pay(lyonAdmin, invoice, amount as string, type);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[a-zé]/);
    }
    expect(await invoiceState(invoice)).toEqual({ paidAmount: 0, status: 'issued' });
  });

  it('concurrent payments never take more than the total', async () => {
    const invoice = await issuedInvoice(lyon, 10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(lyonAdmin, invoice, 30)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    expect(await invoiceState(invoice)).toEqual({ paidAmount: 9_000, status: 'partial' });
    const rows = await app.db.select().from(payments).where(eq(payments.invoiceId, invoice));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(9_000);
  });

  it('lists payments newest first with their invoice, tabs by method, search', async () => {
    // Issued in January: a payment may carry a date since then.
    const invoice = await issuedInvoice(paris, 50_000, { issuedAt: new Date('2026-01-10T10:00:00Z') });
    await pay(parisService, invoice, 100, 'cash');
    await app.inject({
      method: 'POST',
      url: '/api/paiement',
      headers: { cookie: parisService },
      payload: { invoiceId: invoice, amount: 50, type: 'card', date: '2026-01-15', comment: 'Acompte chèque 4471' },
    });
    const columnsMap = JSON.stringify(PAYMENT_COLUMNS);
    const list = await app.inject({
      url: `/api/paiement/list?columnsMap=${encodeURIComponent(columnsMap)}`,
      headers: { cookie: parisService },
    });
    expect(list.statusCode).toBe(200);
    const body = paymentListResponseSchema.parse(list.json());
    const mine = body.data.filter((row) => row.invoiceId === invoice);
    expect(mine.map((row) => row.amount)).toEqual([10_000, 5_000]);
    expect(mine[1]).toMatchObject({ type: 'card', comment: 'Acompte chèque 4471', date: '2026-01-15' });
    expect(mine[0]?.invoice).toMatch(/^T-MONEY-/);
    expect(body.statusCounts?.cash).toBeGreaterThanOrEqual(1);
    const cash = paymentListResponseSchema.parse(
      (
        await app.inject({
          url: `/api/paiement/list?columnsMap=${encodeURIComponent(columnsMap)}&filters=${encodeURIComponent('{"2":"cash"}')}`,
          headers: { cookie: parisService },
        })
      ).json(),
    );
    expect(cash.data.every((row) => row.type === 'cash')).toBe(true);
    const search = paymentListResponseSchema.parse(
      (
        await app.inject({ url: '/api/paiement/list?search=ch%C3%A8que%204471', headers: { cookie: parisService } })
      ).json(),
    );
    expect(search.data.map((row) => row.comment)).toEqual(['Acompte chèque 4471']);
  });

  it('keeps payments inside their company and checks roles', async () => {
    const parisInvoice = await issuedInvoice(paris, 10_000);
    await pay(parisService, parisInvoice, 10);
    const foreign = await pay(lyonAdmin, parisInvoice, 10);
    expect(foreign.statusCode).toBe(404);
    const lyonList = paymentListResponseSchema.parse(
      (await app.inject({ url: '/api/paiement/list?pageSize=100', headers: { cookie: lyonAdmin } })).json(),
    );
    expect(lyonList.data.some((row) => row.invoiceId === parisInvoice)).toBe(false);
    expect((await app.inject({ url: '/api/paiement/list', headers: { cookie: parisCmd } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/paiement/list', headers: { cookie: accountant } })).statusCode).toBe(200);
    expect(await invoiceState(parisInvoice)).toEqual({ paidAmount: 1_000, status: 'partial' });
  });
});

describe('units ledger and consumption', () => {
  it('never overdraws under concurrency, one ledger row per change', async () => {
    await app.db.update(companies).set({ jeton: 5 }).where(eq(companies.id, paris));
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.db.transaction((tx) =>
          applyUnits(tx, { companyId: paris, units: -1, kind: 'sidexa', reference: 'concurrency-test' }),
        ),
      ),
    );
    expect(results.filter((result) => result !== undefined)).toHaveLength(5);
    expect(await balance(paris)).toBe(0);
    const ledger = await app.db
      .select()
      .from(unitLedger)
      .where(and(eq(unitLedger.companyId, paris), eq(unitLedger.reference, 'concurrency-test')));
    expect(ledger).toHaveLength(5);
    expect(ledger.map((row) => row.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('lists the ledger with tabs on column 3, scoped to the user’s companies', async () => {
    await app.db.transaction(async (tx) => {
      await applyUnits(tx, { companyId: lyon, units: 10, kind: 'achat' });
      for (const kind of ['gestion', 'sidexa', 'recouvrement'] as const) {
        await applyUnits(tx, { companyId: lyon, units: -1, kind });
      }
    });
    const all = consumptionListResponseSchema.parse(
      (await app.inject({ url: '/api/company/consumption/list', headers: { cookie: lyonAdmin } })).json(),
    );
    for (const kind of UNIT_KINDS) expect(all.statusCounts?.[kind]).toBeGreaterThanOrEqual(1);
    expect(all.data[0]?.type).toBe('recouvrement');
    const sidexa = await app.inject({
      method: 'POST',
      url: '/api/company/consumption/list',
      headers: { cookie: lyonAdmin },
      payload: {
        page: 1,
        pageSize: 25,
        filters: JSON.stringify({ 3: 'sidexa' }),
        columnsMap: '["date","folder","jetons","type"]',
      },
    });
    const rows = consumptionListResponseSchema.parse(sidexa.json()).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.type === 'sidexa' && row.jetons < 0)).toBe(true);
    // Paris's ledger (previous test) never shows to Lyon.
    expect(all.totalRecords).toBe(all.statusCounts?.all);
    const lyonRows = await app.db.select().from(unitLedger).where(eq(unitLedger.companyId, lyon));
    expect(all.totalRecords).toBe(lyonRows.length);
    expect(
      (await app.inject({ url: '/api/company/consumption/list', headers: { cookie: parisService } })).statusCode,
    ).toBe(403);
  });
  it('finds a folder’s unit moves by its customer’s name typed without accents, and by its number', async () => {
    // A name no demo customer has, so that only this folder can match.
    const folder = await insertTestFolder(app.db, lyon, { lastName: 'Érignac-Lefèvre', firstName: 'Éloïse' });
    await app.db.transaction((tx) => applyUnits(tx, { companyId: lyon, units: 5, kind: 'achat' }));
    await app.db.transaction((tx) =>
      applyUnits(tx, { companyId: lyon, units: -1, kind: 'sidexa', folderId: folder.id }),
    );
    const search = async (words: string) =>
      consumptionListResponseSchema.parse(
        (
          await app.inject({
            url: `/api/company/consumption/list?search=${encodeURIComponent(words)}`,
            headers: { cookie: lyonAdmin },
          })
        ).json(),
      );
    for (const words of ['erignac', 'eloise ERIGNAC', folder.number]) {
      const found = await search(words);
      expect(
        found.data.map((row) => row.folderId),
        words,
      ).toEqual([folder.id]);
      expect(found.statusCounts, words).toEqual({ all: 1, gestion: 0, sidexa: 1, recouvrement: 0, achat: 0 });
    }
    expect((await search('erignac dupont')).totalRecords).toBe(0);
  });
});

describe('buying units', () => {
  const order = async (cookie: string, packId = 'pack-50') =>
    app.inject({ method: 'POST', url: '/api/checkout/orders', headers: { cookie }, payload: { packId } });
  const payOrder = (cookie: string, id: number, cardNumber = '4242 4242 4242 4242') =>
    app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${id}/pay`,
      headers: { cookie },
      payload: { cardNumber, expiry: '12/29', cvc: '123' },
    });

  it('offers the configured packs', async () => {
    const packs = await app.inject({ url: '/api/checkout/packs', headers: { cookie: lyonAdmin } });
    expect(packs.json()).toEqual(DEFAULT_UNIT_PACKS);
  });

  it('a declined card credits nothing; an accepted one credits once, with its invoice', async () => {
    const before = await balance(lyon);
    const created = checkoutOrderSchema.parse((await order(lyonAdmin)).json());
    expect(created).toMatchObject({ status: 'pending', units: 50, preTaxPrice: 11_000, totalPrice: 13_200 });
    const declined = await payOrder(lyonAdmin, created.id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CHECKOUT_DECLINED);
    expect(await balance(lyon)).toBe(before);
    const paid = await payOrder(lyonAdmin, created.id);
    expect(paid.statusCode).toBe(200);
    const body = checkoutPaidSchema.parse(paid.json());
    expect(body.jeton).toBe(before + 50);
    expect(body.order.invoiceNumber).toMatch(/^U-\d{4}-\d{5}$/);
    const again = await payOrder(lyonAdmin, created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CHECKOUT_ALREADY_PAID);
    expect(await balance(lyon)).toBe(before + 50);
    const pdf = await app.inject({ url: `/api/checkout/orders/${created.id}/invoice`, headers: { cookie: lyonAdmin } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Every B2B mention of the units invoice (CGI 242 nonies A, C. com. L441-9 and L441-10), no "?" for a glyph.
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Facture n° ${body.order.invoiceNumber}`,
      'Garage Back-Office SAS',
      'SAS au capital de 50 000,00 €',
      '12 rue de la Vitre',
      '69003 Lyon',
      'SIRET 91234567500017 — RCS Lyon 912 345 675',
      'N° TVA intracommunautaire : FR65912345675',
      'Vitrage Express Lyon',
      '42 avenue Jean Jaurès',
      '69007 Lyon',
      'SIREN 823456785 — SIRET 82345678500026',
      'quantité 1 — prix unitaire HT',
      'Pénalités de retard : trois fois le taux d’intérêt légal',
      'Indemnité forfaitaire pour frais de recouvrement : 40,00 €',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('?');
  });

  it('two tabs paying the same order credit it once', async () => {
    const before = await balance(lyon);
    const created = checkoutOrderSchema.parse((await order(lyonAdmin, 'pack-10')).json());
    const answers = await Promise.all([payOrder(lyonAdmin, created.id), payOrder(lyonAdmin, created.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(lyon)).toBe(before + 10);
  });

  it('keeps orders inside their company; TOUT must pick a garage; unknown packs refused', async () => {
    const created = checkoutOrderSchema.parse((await order(lyonAdmin, 'pack-10')).json());
    expect((await payOrder(parisService, created.id)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/checkout/orders/${created.id}/invoice`, headers: { cookie: parisService } }))
        .statusCode,
    ).toBe(404);
    const tout = await order(multi);
    expect(tout.statusCode).toBe(400);
    expect(tout.json().message).toBe(CHECKOUT_PICK_GARAGE);
    expect((await order(lyonAdmin, 'pack-9999')).statusCode).toBe(400);
    expect((await order(parisCmd)).statusCode).toBe(403);
  });
});

describe('expenses', () => {
  const PDF = new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' });
  const add = async (cookie: string, fields: Record<string, string | Blob>, fileName?: string) => {
    const form = await multipart(fields, fileName);
    return app.inject({
      method: 'POST',
      url: '/api/expense',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const fields = {
    label: 'Pare-brise Clio V',
    category: 'Vitrage',
    date: '2026-11-02',
    preTaxAmount: '180,00',
    taxAmount: '36,00',
    supplierName: 'Vitrage Express',
  };

  it('records an expense with its receipt, lists it and gives the receipt back', async () => {
    const created = await add(parisCmd, { ...fields, file: PDF }, 'facture-fournisseur.pdf');
    expect(created.statusCode).toBe(201);
    const list = expenseListResponseSchema.parse(
      (await app.inject({ url: '/api/expense/list', headers: { cookie: parisCmd } })).json(),
    );
    const row = list.data.find((item) => item.id === created.json().id);
    expect(row).toMatchObject({ preTaxAmount: 18_000, taxAmount: 3_600, totalAmount: 21_600, hasReceipt: true });
    const receipt = await app.inject({ url: `/api/expense/${row?.id}/receipt`, headers: { cookie: parisCmd } });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toContain('facture-fournisseur.pdf');
    expect(
      (await app.inject({ url: `/api/expense/${row?.id}/receipt`, headers: { cookie: lyonAdmin } })).statusCode,
    ).toBe(404);
  });

  it('finds a supplier and a label typed without their accents, counting each category (the one paged list search)', async () => {
    const created = await add(parisCmd, { ...fields, label: 'Joint arrière', supplierName: 'Miroiterie Lefèvre' });
    expect(created.statusCode).toBe(201);
    const page = expenseListResponseSchema.parse(
      (await app.inject({ url: '/api/expense/list?search=lefevre%20arriere', headers: { cookie: parisCmd } })).json(),
    );
    expect(page.data.map((row) => row.id)).toEqual([created.json().id]);
    expect(page).toMatchObject({ totalRecords: 1, statusCounts: { all: 1, Vitrage: 1 } });
  });

  it('refuses a receipt that is not one and bad amounts, saving nothing', async () => {
    const before = expenseListResponseSchema.parse(
      (await app.inject({ url: '/api/expense/list', headers: { cookie: parisCmd } })).json(),
    ).totalRecords;
    const fake = await add(
      parisCmd,
      { ...fields, file: new Blob(['<html>not a pdf</html>'], { type: 'application/pdf' }) },
      'faux.pdf',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(EXPENSE_RECEIPT_INVALID);
    const bad = await add(parisCmd, { ...fields, preTaxAmount: 'beaucoup' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Montant HT invalide');
    const after = expenseListResponseSchema.parse(
      (await app.inject({ url: '/api/expense/list', headers: { cookie: parisCmd } })).json(),
    ).totalRecords;
    expect(after).toBe(before);
  });
});

describe('payments by the rules', () => {
  const payWith = (invoiceId: number, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/paiement',
      headers: { cookie: lyonAdmin },
      payload: { invoiceId, ...payload },
    });
  const cashTaken = async (invoiceId: number) =>
    (await app.db.select({ amount: payments.amount }).from(payments).where(eq(payments.invoiceId, invoiceId))).reduce(
      (sum, row) => sum + row.amount,
      0,
    );

  it('cash stops at 1 000 € per invoice for a resident or a business, 15 000 € for a private debtor from abroad', async () => {
    const invoice = await issuedInvoice(lyon, 2_000_000);
    const over = await payWith(invoice, { amount: '1000,01', type: 'cash' });
    expect([over.statusCode, over.json().message]).toEqual([400, paymentCashLimit(CASH_LIMIT_CENTS)]);
    expect(await cashTaken(invoice)).toBe(0);
    expect((await payWith(invoice, { amount: '600,00', type: 'cash' })).statusCode).toBe(201);
    // Splitting does not get round it; the rest may be paid by card.
    expect((await payWith(invoice, { amount: '400,01', type: 'cash' })).statusCode).toBe(400);
    expect((await payWith(invoice, { amount: '400,00', type: 'cash' })).statusCode).toBe(201);
    expect((await payWith(invoice, { amount: '5000,00', type: 'card' })).statusCode).toBe(201);
    expect((await invoiceState(invoice))?.paidAmount).toBe(600_000);

    const tourist = await issuedInvoice(lyon, 2_000_000);
    const abroad = await payWith(tourist, { amount: '15000,00', type: 'cash', nonResident: true });
    expect(abroad.statusCode).toBe(201);
    const beyond = await payWith(tourist, { amount: '0,01', type: 'cash', nonResident: true });
    expect([beyond.statusCode, beyond.json().message]).toEqual([400, paymentCashLimit(CASH_LIMIT_NON_RESIDENT_CENTS)]);

    const business = await issuedInvoice(lyon, 500_000, { isBusiness: true });
    const company = await payWith(business, { amount: '1000,01', type: 'cash', nonResident: true });
    expect([company.statusCode, company.json().message]).toEqual([400, paymentCashLimit(CASH_LIMIT_CENTS)]);
  });

  it('a payment is dated between the invoice’s issue day and today in France', async () => {
    const invoice = await issuedInvoice(lyon, 10_000);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000);
    const future = await payWith(invoice, { amount: '10,00', type: 'card', date: parisDay(tomorrow) });
    expect([future.statusCode, future.json().message]).toEqual([400, PAYMENT_DATE_FUTURE]);
    const issueDay = parisDay(new Date());
    const before = await payWith(invoice, { amount: '10,00', type: 'card', date: '2020-01-01' });
    expect([before.statusCode, before.json().message]).toEqual([400, paymentDateBeforeIssue(issueDay)]);
    expect(await cashTaken(invoice)).toBe(0);
    const ok = await payWith(invoice, { amount: '10,00', type: 'card', date: issueDay });
    expect(ok.statusCode).toBe(201);
    const [row] = await app.db
      .select({ paidOn: payments.paidOn })
      .from(payments)
      .where(eq(payments.invoiceId, invoice));
    expect(row?.paidOn).toBe(issueDay);
    // Without a date: today in France.
    expect((await payWith(invoice, { amount: '1,00', type: 'card' })).statusCode).toBe(201);
    const dates = await app.db
      .select({ paidOn: payments.paidOn })
      .from(payments)
      .where(eq(payments.invoiceId, invoice));
    expect(dates.map((each) => each.paidOn)).toContain(parisToday());
  });
});

describe('cancelling a payment', () => {
  const cancel = (id: number, cookie = lyonAdmin, reason = 'Chèque sans provision') =>
    app.inject({ method: 'POST', url: `/api/paiement/${id}/cancel`, headers: { cookie }, payload: { reason } });

  it('a wrong payment is cancelled by a negative record, once; the payment itself is never changed', async () => {
    const invoice = await issuedInvoice(lyon, 10_000);
    const paid = await pay(lyonAdmin, invoice, '100,00', 'cheque');
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().id as number;
    expect(await invoiceState(invoice)).toEqual({ paidAmount: 10_000, status: 'paid' });

    expect((await cancel(paymentId, parisService)).statusCode).toBe(404); // another garage's payment does not exist
    const noReason = await cancel(paymentId, lyonAdmin, ' ');
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, PAYMENT_CANCEL_REASON_REQUIRED]);
    const cancelled = await cancel(paymentId);
    expect(cancelled.statusCode).toBe(201);
    expect(await invoiceState(invoice)).toEqual({ paidAmount: 0, status: 'issued' });
    const again = await cancel(paymentId);
    expect([again.statusCode, again.json().message]).toEqual([409, PAYMENT_ALREADY_CANCELLED]);
    expect((await cancel(cancelled.json().id)).statusCode).toBe(404); // a cancellation is not cancelled

    const rows = await app.db
      .select({ amount: payments.amount, cancelsId: payments.cancelsId, comment: payments.comment })
      .from(payments)
      .where(eq(payments.invoiceId, invoice));
    expect(rows).toEqual(
      expect.arrayContaining([
        { amount: 10_000, cancelsId: null, comment: '' },
        { amount: -10_000, cancelsId: paymentId, comment: expect.stringContaining('Chèque sans provision') },
      ]),
    );
    expect(
      await databaseRefusal(app.db.update(payments).set({ amount: 1 }).where(eq(payments.id, paymentId))),
    ).toContain('ne se modifie ni ne se supprime');
    expect(await databaseRefusal(app.db.delete(payments).where(eq(payments.id, paymentId)))).toContain(
      'ne se modifie ni ne se supprime',
    );
    // The invoice takes a payment again.
    expect((await pay(lyonAdmin, invoice, '100,00', 'card')).statusCode).toBe(201);
  });
});
