import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import {
  BILLING_DOCUMENT_NOT_FOUND,
  DEDUCTIBLE_COVERS_WORK,
  DOCUMENT_ALREADY_INVOICED,
  DOCUMENT_ALREADY_ISSUED,
  DOCUMENT_AMOUNT_TOO_HIGH,
  DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE,
  DOCUMENT_CUSTOMER_REQUIRED,
  DOCUMENT_DEDUCTIBLE_NEEDS_INSURER,
  DOCUMENT_DEDUCTIBLE_TOO_HIGH,
  DOCUMENT_FOLDER_UNKNOWN,
  DOCUMENT_NEEDS_LINES,
  DOCUMENT_NOT_A_QUOTE,
  DOCUMENT_PICK_GARAGE,
  DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER,
  DOCUMENT_SUPPLIER_REQUIRED,
  DOCUMENT_SUPPLIER_UNKNOWN,
  DOCUMENT_TYPES,
  documentIssuedReadOnly,
  documentListResponseSchema,
  documentTotals,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentsResponseSchema,
  INVOICE_NEGATIVE_TOTAL,
  PRODUCT_NOT_FOUND,
  QUOTE_EXPIRED_LABEL,
  STOCK_INSUFFICIENT,
  shownStatusLabel,
} from 'contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDocuments,
  billingSequences,
  companies,
  folders,
  products,
  stockLevels,
  stockMovements,
  suppliers,
} from '../../src/db/schema';
import { addDays, parisDay } from '../../src/modules/billing/documents/numbering';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { pdfPages, pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

let app: FastifyInstance;
let lyon: number;
let paris: number;
let marseille: number;
let centre: number;
/** Julien Moreau, manager (ROLE_POSEUR_ADMIN) of the Lyon garage. */
let admin: ReturnType<typeof billing>;
let cookies: Record<'admin' | 'multiAll' | 'multiMarseille' | 'superadmin' | 'accountant' | 'cmd' | 'fitter', string>;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris, marseille, centre] = await Promise.all([
    companyId(app, 'lyon'),
    companyId(app, 'paris'),
    companyId(app, 'marseille'),
    companyId(app, 'centre'),
  ]);
  const [a, all, mars, sa, cpt, cmd, fitter] = await Promise.all(
    [
      'poseur.admin@demo.garage.fr',
      'multi@demo.garage.fr',
      'multi@demo.garage.fr',
      'superadmin@demo.garage.fr',
      'comptable@demo.garage.fr',
      'cmd@demo.garage.fr',
      'poseur@demo.garage.fr',
    ].map((email) => login(app, email)),
  );
  cookies = {
    admin: a as string,
    multiAll: all as string,
    multiMarseille: mars as string,
    superadmin: sa as string,
    accountant: cpt as string,
    cmd: cmd as string,
    fitter: fitter as string,
  };
  const select = (cookie: string, id: number) =>
    app.inject({ method: 'POST', url: `/company/select/${id}`, headers: { cookie } });
  expect((await select(cookies.multiAll, 0)).statusCode).toBe(200);
  expect((await select(cookies.multiMarseille, marseille)).statusCode).toBe(200);
  admin = billing(app, cookies.admin);
});
afterAll(() => app.close());

const lyonDocuments = async () =>
  (await app.db.select({ n: count() }).from(billingDocuments).where(eq(billingDocuments.companyId, lyon)))[0]?.n;
const lastNumber = async (series: string, company = lyon) =>
  (
    await app.db
      .select({ last: billingSequences.lastNumber })
      .from(billingSequences)
      .where(and(eq(billingSequences.companyId, company), eq(billingSequences.series, series)))
  )[0]?.last ?? 0;
const sequenceOf = (number: string | null) => Number(number?.split('-')[2]);
const today = () => parisDay(new Date());

describe('amounts', () => {
  it('are the contracts’ table applied end to end: the server recomputes, client totals are ignored', async () => {
    const lines = [
      line({ title: 'Remise arrondie', quantity: 3, preTaxAmount: '33,33', remise: 10, position: 1 }),
      line({ title: 'Main-d’œuvre', quantity: 1.5, preTaxAmount: '45,50', position: 2 }),
      line({ title: 'Piège à flottants', quantity: 1.15, preTaxAmount: '0,10', position: 3 }),
      line({ title: 'Demi-centime négatif', quantity: -1, preTaxAmount: '0,05', remise: 50, position: 4 }),
      line({ title: 'Taux 10 %', preTaxAmount: '50,00', taxRate: 10, position: 5 }),
      line({ title: 'Taux 5,5 %', preTaxAmount: '10,10', taxRate: 5.5, position: 6 }),
    ];
    // Totals a client made up: stripped by the contract, recomputed by the server.
    const absurd = {
      ...body({ lines: lines.map((each) => ({ ...each, total: 999_999 })) }),
      preTaxAmount: 1,
      taxAmount: 1,
      totalAmount: 1,
      vatByRate: [{ rate: 20, base: 1, tax: 1 }],
    };
    const id = await admin.create('quotation', absurd);
    const document = await admin.read(id);
    expect(document.lines.map((each) => each.total)).toEqual([8_999, 6_825, 12, -3, 5_000, 1_010]);
    expect(document.vatByRate).toEqual([
      { rate: 20, base: 15_833, tax: 3_167 },
      { rate: 10, base: 5_000, tax: 500 },
      { rate: 5.5, base: 1_010, tax: 56 },
    ]);
    expect(document).toMatchObject({ preTaxAmount: 21_843, taxAmount: 3_723, totalAmount: 25_566 });
    const [stored] = await app.db.select().from(billingDocuments).where(eq(billingDocuments.id, id));
    expect(stored).toMatchObject({ preTaxAmount: 21_843, taxAmount: 3_723, totalAmount: 25_566 });

    // Tax-inclusive: unit prices are TTC and the document owes what was typed (120 + 100 + 101,83 + 10 + 49,36).
    const inclusive = await admin.create(
      'quotation',
      body({
        taxInclusive: true,
        lines: [
          line({ preTaxAmount: '120,00', position: 1 }),
          line({ preTaxAmount: '100,00', position: 2 }),
          line({ quantity: 2, preTaxAmount: '59,90', remise: 15, position: 3 }),
          line({ preTaxAmount: '10,00', taxRate: 5.5, position: 4 }),
          line({ quantity: 4, preTaxAmount: '12,34', taxRate: 0, position: 5 }),
        ],
      }),
    );
    const ttc = await admin.read(inclusive);
    expect(ttc.lines.map((each) => each.total)).toEqual([10_000, 8_333, 8_486, 948, 4_936]);
    expect(ttc.totalAmount).toBe(38_119);
    const expected = documentTotals(
      ttc.lines.map((each) => ({ ...each, discount: each.remise })),
      true,
    );
    expect(ttc).toMatchObject({
      preTaxAmount: expected.preTaxAmount,
      taxAmount: expected.taxAmount,
      totalAmount: expected.totalAmount,
      vatByRate: expected.vatByRate,
    });
  });

  it('renumbers lines 1..n in the order of their positions', async () => {
    const id = await admin.create(
      'quotation',
      body({
        lines: [
          line({ title: 'C', position: 30 }),
          line({ title: 'A', position: 2 }),
          line({ title: 'B', position: 7 }),
        ],
      }),
    );
    const { lines } = await admin.read(id);
    expect(lines.map((each) => [each.position, each.title])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
  });
});

describe('quote to invoice', () => {
  it('a tax-inclusive quote with a discounted line is issued, invoiced, and its invoice issued with a number', async () => {
    const quoteId = await admin.create(
      'quotation',
      body({
        taxInclusive: true,
        operationCategory: 'services',
        lines: [
          line({ title: 'Pare-brise Peugeot 308 III caméra', details: '8583AGSMV6C', preTaxAmount: '742,80' }),
          line({ title: 'Pose pare-brise', quantity: 1.5, preTaxAmount: '78,00', position: 2 }),
          line({ title: 'Kit colle', preTaxAmount: '41,88', remise: 10, position: 3 }),
        ],
      }),
    );
    const quote = await admin.issue(quoteId);
    const year = today().slice(0, 4);
    expect(quote.number).toMatch(new RegExp(`^DV-${year}-\\d{5}$`));
    expect(quote).toMatchObject({ status: 'issued', editable: false, saleDate: today() });
    expect(quote.lines.map((each) => each.total)).toEqual([61_900, 9_750, 3_141]);

    const [invoiceId, ...rest] = await admin.invoice(quoteId);
    expect(rest).toEqual([]);
    const draft = await admin.read(invoiceId as number);
    expect(draft).toMatchObject({
      type: 'invoice',
      status: 'draft',
      number: null,
      editable: true,
      sourceId: quoteId,
      sourceNumber: quote.number,
      preTaxAmount: quote.preTaxAmount,
      totalAmount: quote.totalAmount,
    });
    const copy = (each: (typeof quote.lines)[number]) => [
      each.title,
      each.quantity,
      each.unitPrice,
      each.remise,
      each.total,
    ];
    expect(draft.lines.map(copy)).toEqual(quote.lines.map(copy));
    expect((await admin.read(quoteId)).status).toBe('invoiced');

    const invoice = await admin.issue(invoiceId as number);
    expect(invoice.number).toMatch(new RegExp(`^F-${year}-\\d{5}$`));
    expect(invoice).toMatchObject({
      status: 'issued',
      editable: false,
      saleDate: today(),
      dueDate: addDays(today(), 30),
    });
    expect(Date.now() - new Date(invoice.issuedAt ?? 0).getTime()).toBeLessThan(60_000);
    expect((await admin.read(quoteId)).derived).toEqual([
      { id: invoiceId, type: 'invoice', number: invoice.number, status: 'issued' },
    ]);

    const again = await admin.call('POST', `/api/quotation/${quoteId}/invoice`, {});
    expect([again.statusCode, again.json().message]).toEqual([409, DOCUMENT_ALREADY_INVOICED]);
    const notQuote = await admin.call('POST', `/api/quotation/${invoiceId}/invoice`, {});
    expect([notQuote.statusCode, notQuote.json().message]).toEqual([400, DOCUMENT_NOT_A_QUOTE]);
    const reissue = await admin.call('POST', `/api/quotation/${invoiceId}/issue`);
    expect([reissue.statusCode, reissue.json().message]).toEqual([409, DOCUMENT_ALREADY_ISSUED]);
  });

  it('a draft quote invoiced directly is issued first; a document without lines is not issued', async () => {
    const quoteId = await admin.create('quotation');
    await admin.invoice(quoteId);
    const quote = await admin.read(quoteId);
    expect(quote.status).toBe('invoiced');
    expect(quote.number).toMatch(/^DV-\d{4}-\d{5}$/);

    const before = await lastNumber('F');
    const empty = await admin.create('invoice', body({ lines: [] }));
    const refused = await admin.call('POST', `/api/quotation/${empty}/issue`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, DOCUMENT_NEEDS_LINES]);
    expect(await lastNumber('F')).toBe(before);
  });

  it('deleting the invoice draft of a quote gives the quote back its sent status', async () => {
    const quoteId = await admin.create('quotation');
    await admin.issue(quoteId);
    const [invoiceId] = await admin.invoice(quoteId);
    expect((await admin.call('DELETE', `/api/quotation/${invoiceId}`)).statusCode).toBe(204);
    expect((await admin.call('GET', `/api/quotation/${invoiceId}`)).statusCode).toBe(404);
    expect((await admin.read(quoteId)).status).toBe('issued');
  });
});

describe('numbering', () => {
  it('20 concurrent issues of one garage take 20 consecutive numbers, no gap, no duplicate, in time order', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        admin.create('invoice', body({ lines: [line({ title: `Concurrente ${index}` })] })),
      ),
    );
    const before = await lastNumber('F');
    const answers = await Promise.all(
      drafts.map((id) =>
        app.inject({ method: 'POST', url: `/api/quotation/${id}/issue`, headers: { cookie: cookies.admin } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(drafts.map(() => 200));
    const issued = answers.map((answer) => answer.json() as { number: string; issuedAt: string });
    const sequences = issued.map((each) => sequenceOf(each.number)).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => before + 1 + index));
    expect(await lastNumber('F')).toBe(before + 20);
    const byNumber = [...issued].sort((a, b) => sequenceOf(a.number) - sequenceOf(b.number));
    const times = byNumber.map((each) => new Date(each.issuedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('a double click issues once', async () => {
    const id = await admin.create('invoice');
    const before = await lastNumber('F');
    const answers = await Promise.all([1, 2].map(() => admin.call('POST', `/api/quotation/${id}/issue`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await lastNumber('F')).toBe(before + 1);
  });
});

describe('issued documents', () => {
  it('a draft is saved (totals recomputed) and deleted; an issued invoice refuses both with 409', async () => {
    const id = await admin.create('invoice');
    const saved = await admin.call(
      'PUT',
      `/api/quotation/${id}`,
      body({ lines: [line({ quantity: 2, preTaxAmount: '10,00' })], notes: 'Revu' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ preTaxAmount: 2_000, taxAmount: 400, totalAmount: 2_400, notes: 'Revu' });

    const invoice = await admin.issue(id);
    const put = await admin.call('PUT', `/api/quotation/${id}`, body());
    const del = await admin.call('DELETE', `/api/quotation/${id}`);
    for (const answer of [put, del])
      expect([answer.statusCode, answer.json().message]).toEqual([409, documentIssuedReadOnly('invoice')]);
    expect(await admin.read(id)).toEqual(invoice);

    const draft = await admin.create('quotation');
    expect((await admin.call('DELETE', `/api/quotation/${draft}`)).statusCode).toBe(204);
    expect((await admin.call('GET', `/api/quotation/${draft}`)).json().message).toBe(BILLING_DOCUMENT_NOT_FOUND);
  });

  it('« Émettre » on an edited draft saves what is typed and issues it in one call, answering the issued document', async () => {
    const id = await admin.create('invoice');
    const typed = body({ lines: [line({ quantity: 3, preTaxAmount: '10,00' })], notes: 'Tapé avant d’émettre' });
    const issued = await admin.call('POST', `/api/quotation/${id}/issue`, { draft: typed });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'issued', preTaxAmount: 3_000, notes: 'Tapé avant d’émettre' });
    expect(issued.json().number).toMatch(/^F-/);
    expect(await admin.read(id)).toEqual(issued.json());

    // A refused issue keeps what was typed: the draft is saved, still a draft.
    const empty = await admin.create('invoice');
    const refused = await admin.call('POST', `/api/quotation/${empty}/issue`, {
      draft: body({ lines: [], notes: 'Gardé' }),
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, DOCUMENT_NEEDS_LINES]);
    expect(await admin.read(empty)).toMatchObject({ status: 'draft', notes: 'Gardé' });
  });

  it('an invoice whose total is negative is refused at issue, pointing to the credit note; a discount line is fine', async () => {
    const negative = await admin.create('invoice', body({ lines: [line({ quantity: -1, preTaxAmount: '10,00' })] }));
    const refused = await admin.call('POST', `/api/quotation/${negative}/issue`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, INVOICE_NEGATIVE_TOTAL]);
    expect(await admin.read(negative)).toMatchObject({ status: 'draft', number: null });

    const discounted = await admin.create(
      'invoice',
      body({
        lines: [
          line({ title: 'Pare-brise', preTaxAmount: '300,00', position: 1 }),
          line({ title: 'Geste commercial', quantity: -1, preTaxAmount: '20,00', position: 2 }),
        ],
      }),
    );
    const issued = await admin.call('POST', `/api/quotation/${discounted}/issue`);
    expect([issued.statusCode, issued.json().totalAmount]).toEqual([200, 33_600]);
  });

  it('checks a buyer’s French VAT number against its SIREN when typed, and again at issue', async () => {
    const wrongKey = { name: 'Verrerie SA', siren: '552100554', vatNumber: 'FR11552100554', isBusiness: true };
    const refused = await admin.call('POST', '/api/quotation/new/invoice', body({ customer: wrongKey }));
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Numéro de TVA de l’acheteur invalide : la clé du SIREN 552100554 donne FR96552100554',
    ]);
    // A draft stored before the rule (or written another way) is still refused at issue, before its number.
    const id = await admin.create('invoice', body({ customer: { ...wrongKey, vatNumber: 'FR96552100554' } }));
    await app.db
      .update(billingDocuments)
      .set({ customer: sql`jsonb_set(customer, '{vatNumber}', '"FR11552100554"')` })
      .where(eq(billingDocuments.id, id));
    const atIssue = await admin.call('POST', `/api/quotation/${id}/issue`);
    expect(atIssue.statusCode).toBe(409);
    expect(atIssue.json().message).toContain('un numéro de TVA de l’acheteur conforme à son SIREN');
  });

  it('a credit note references its invoice: source, negated quantities, negative totals', async () => {
    const invoiceId = await admin.create(
      'invoice',
      body({
        lines: [
          line({ title: 'Pare-brise', preTaxAmount: '329,00' }),
          line({ title: 'Pose', quantity: 1.5, preTaxAmount: '65,00', remise: 10, position: 2 }),
        ],
      }),
    );
    const draftRefused = await admin.call('POST', `/api/quotation/${invoiceId}/credit-note`, { reason: 'Erreur' });
    expect([draftRefused.statusCode, draftRefused.json().message]).toEqual([400, DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE]);
    const invoice = await admin.issue(invoiceId);
    const created = await admin.call('POST', `/api/quotation/${invoiceId}/credit-note`, { reason: 'Erreur' });
    expect(created.statusCode).toBe(201);
    const credit = await admin.read(created.json().id);
    expect(credit).toMatchObject({
      type: 'credit-note',
      status: 'draft',
      sourceId: invoiceId,
      sourceNumber: invoice.number,
      customer: invoice.customer,
      preTaxAmount: -invoice.preTaxAmount,
      taxAmount: -invoice.taxAmount,
      totalAmount: -invoice.totalAmount,
    });
    expect(credit.lines.map((each) => [each.quantity, each.total])).toEqual(
      invoice.lines.map((each) => [-each.quantity, -each.total]),
    );
    const issued = await admin.issue(credit.id);
    expect(issued.number).toMatch(/^AV-\d{4}-\d{5}$/);
    expect((await admin.read(invoiceId)).derived).toEqual([
      { id: credit.id, type: 'credit-note', number: issued.number, status: 'issued' },
    ]);
    const fromQuote = await admin.call('POST', `/api/quotation/${await admin.create('quotation')}/credit-note`, {
      reason: 'Erreur',
    });
    expect(fromQuote.json().message).toBe(DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE);
  });
});

describe('deductible', () => {
  const quoteLines = [
    line({ title: 'Pare-brise Renault Clio V', details: '6054AGSMVZ1B', preTaxAmount: '329,00' }),
    line({ title: 'Pose pare-brise', quantity: 1.5, preTaxAmount: '65,00', position: 2 }),
    line({ title: 'Kit colle', preTaxAmount: '34,90', remise: 5, position: 3 }),
    line({ title: 'Recalibrage caméra', preTaxAmount: '120,00', position: 4 }),
    line({ title: 'Lave-glace', preTaxAmount: '8,90', taxRate: 10, position: 5 }),
  ];

  it('splits a quote into a customer invoice of exactly the deductible and an insurer invoice of the rest', async () => {
    const folder = await createFolder(app, lyon);
    // 150,03 € and 0,09 € cannot be reached by one line at 20 % (VAT rounding skips them): the last cent goes
    // on a 0 % "Arrondi" line.
    for (const taxInclusive of [false, true]) {
      for (const deductible of ['100,00', '150,03', '0,09', '75,05', 'all but a cent']) {
        const quoteId = await admin.create(
          'quotation',
          body({ folderId: folder.id, customer: null, taxInclusive, lines: quoteLines }),
        );
        const quote = await admin.read(quoteId);
        expect(quote.customer).toMatchObject({ name: 'Hélène Testeur', address: '3 rue des Essais', city: 'Lyon' });
        const amount = deductible === 'all but a cent' ? ((quote.totalAmount - 1) / 100).toFixed(2) : deductible;
        const ids = await admin.invoice(quoteId, amount);
        expect(ids).toHaveLength(2);
        const [customer, insurer] = await Promise.all(ids.map((id) => admin.read(id)));
        if (!customer || !insurer) throw new Error('two invoices expected');
        const cents = Math.round(Number(amount.replace(',', '.')) * 100);
        expect(customer).toMatchObject({
          billTo: 'customer',
          customer: { name: 'Hélène Testeur' },
          totalAmount: cents,
          sourceId: quoteId,
        });
        expect(customer.lines[0]?.title).toBe(`Franchise contractuelle — sinistre ${folder.claimNumber}`);
        expect(insurer).toMatchObject({ billTo: 'insurer', customer: { name: 'MAIF', isBusiness: true } });
        expect(insurer.lines.slice(0, quoteLines.length).map((each) => each.title)).toEqual(
          quote.lines.map((each) => each.title),
        );
        const taken = insurer.lines.find((each) => each.title === 'Franchise à la charge de l’assuré');
        expect(taken?.quantity).toBe(-1);
        expect(customer.totalAmount + insurer.totalAmount).toBe(quote.totalAmount);
        // A cent of rounding on a 0 % line carries its reason (the issue gate would ask for one).
        for (const each of [customer, insurer]) {
          const rounding = each.lines.some((row) => row.title === 'Arrondi' && row.taxRate === 0);
          expect(Boolean(each.exemptionReason), `${deductible} ${each.billTo}`).toBe(rounding);
        }
      }
    }
  });

  it('prints a private customer’s deductible invoice: unit and unit prices, the vehicle, no recovery indemnity', async () => {
    const folder = await createFolder(app, lyon, { mileage: 120_450 });
    const quoteId = await admin.create('quotation', body({ folderId: folder.id, customer: null, lines: quoteLines }));
    const [customerId] = await admin.invoice(quoteId, '150,03');
    // Issued with its insurer invoice, which rests on a cession (none signed here: a reason).
    const issued = await admin.issue(customerId as number, 'Cession signée sur papier, scan à venir');
    const text = await pdfText((await admin.call('GET', `/api/quotation/${issued.id}/pdf`)).rawPayload);
    for (const expected of [
      'FACTURE',
      'Hélène Testeur',
      'Franchise contractuelle',
      'Unité',
      'pièce',
      'PU HT',
      'PU TTC',
      'Kilométrage : 120 450 km',
      'Total TTC',
      '150,03 €',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Indemnité forfaitaire');
    expect(text).not.toContain('Votre référence');
    expect(text.replace(/\s+/g, ' ')).toContain('à la charge de MAIF (facture n°');
  });

  it('refuses a deductible above the quote’s total, or without an insurer, and changes nothing', async () => {
    const folder = await createFolder(app, lyon);
    const quoteId = await admin.create('quotation', body({ folderId: folder.id, customer: null, lines: quoteLines }));
    const quote = await admin.read(quoteId);
    const tooHigh = await admin.call('POST', `/api/quotation/${quoteId}/invoice`, {
      deductible: ((quote.totalAmount + 1) / 100).toFixed(2),
    });
    expect([tooHigh.statusCode, tooHigh.json().message]).toEqual([400, DOCUMENT_DEDUCTIBLE_TOO_HIGH]);
    const everything = await admin.call('POST', `/api/quotation/${quoteId}/invoice`, {
      deductible: (quote.totalAmount / 100).toFixed(2),
    });
    expect([everything.statusCode, everything.json().message]).toEqual([400, DEDUCTIBLE_COVERS_WORK]);
    expect(await admin.read(quoteId)).toEqual(quote);

    const noFolder = await admin.create('quotation');
    const noInsurer = await admin.call('POST', `/api/quotation/${noFolder}/invoice`, { deductible: '50' });
    expect([noInsurer.statusCode, noInsurer.json().message]).toEqual([400, DOCUMENT_DEDUCTIBLE_NEEDS_INSURER]);
    const negative = await admin.call('POST', `/api/quotation/${noFolder}/invoice`, { deductible: '-5' });
    expect(negative.statusCode).toBe(400);
    expect((await admin.read(noFolder)).status).toBe('draft');
  });
});

describe('stock', () => {
  async function stockProduct() {
    const [row] = await app.db
      .insert(products)
      .values({ companyId: lyon, name: `Pare-brise stock ${Date.now()}`, price: 30_000, stockTracked: true })
      .returning({ id: products.id });
    return row?.id as number;
  }
  const level = async (productId: number) =>
    (
      await app.db
        .select()
        .from(stockLevels)
        .where(and(eq(stockLevels.companyId, lyon), eq(stockLevels.productId, productId)))
    )[0];

  it('a purchase order moves stock when received; an issued invoice takes it out, never below zero', async () => {
    const productId = await stockProduct();
    const [supplier] = await app.db.select().from(suppliers).where(eq(suppliers.companyId, lyon)).limit(1);
    const orderId = await admin.create(
      'purchase-order',
      body({
        customer: null,
        supplierId: supplier?.id ?? null,
        lines: [line({ productId, quantity: 5, preTaxAmount: '180,00', remise: 10, addToStock: true })],
      }),
    );
    const order = await admin.read(orderId);
    expect(order).toMatchObject({ billTo: 'supplier', customer: { name: supplier?.name, isBusiness: true } });
    const early = await admin.call('POST', `/api/quotation/${orderId}/receive`);
    expect([early.statusCode, early.json().message]).toEqual([409, DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER]);
    const sent = await admin.issue(orderId);
    expect(sent.number).toMatch(/^BC-\d{4}-\d{5}$/);
    expect(await level(productId)).toBeUndefined();
    const received = await admin.call('POST', `/api/quotation/${orderId}/receive`);
    expect(received.json()).toMatchObject({ status: 'received' });
    // Net unit price before tax: 180,00 less 10 %.
    expect(await level(productId)).toMatchObject({ quantity: 5, averageCost: 16_200 });
    expect((await admin.call('POST', `/api/quotation/${orderId}/receive`)).statusCode).toBe(409);

    const sale = await admin.create(
      'invoice',
      body({ lines: [line({ productId, quantity: 3, preTaxAmount: '329,00', addToStock: true })] }),
    );
    const invoice = await admin.issue(sale);
    expect((await level(productId))?.quantity).toBe(2);
    const [movement] = await app.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.kind, 'invoice')));
    expect(movement).toMatchObject({ quantity: -3, quantityAfter: 2, reference: invoice.number });

    const before = await lastNumber('F');
    const tooMany = await admin.create(
      'invoice',
      body({ lines: [line({ productId, quantity: 3, preTaxAmount: '329,00', addToStock: true })] }),
    );
    const refused = await admin.call('POST', `/api/quotation/${tooMany}/issue`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, STOCK_INSUFFICIENT]);
    expect(await admin.read(tooMany)).toMatchObject({ status: 'draft', number: null });
    expect(await lastNumber('F')).toBe(before);
    expect((await level(productId))?.quantity).toBe(2);
  });
});

describe('PDF', () => {
  beforeAll(async () => {
    await app.db
      .update(companies)
      .set({
        address: '42 avenue Jean Jaurès',
        postalCode: '69007',
        city: 'Lyon',
        legalForm: 'SAS',
        shareCapital: 1_000_000,
        registryKind: 'RCS',
        registryPlace: 'Lyon',
        email: 'lyon@vitrage-express.fr',
        vatOnDebits: true,
        latePenaltyRate: null,
      })
      .where(eq(companies.id, lyon));
  });
  const pdfOf = (id: number) => admin.call('GET', `/api/quotation/${id}/pdf`);

  it('prints an issued invoice with the French mentions, amounts French style and its metadata', async () => {
    const id = await admin.create(
      'invoice',
      body({
        customer: {
          name: 'Flotte Auto SARL',
          address: '9 rue de la République',
          postalCode: '69002',
          city: 'Lyon',
          siren: '552100554',
          vatNumber: 'FR96552100554',
          isBusiness: true,
        },
        operationCategory: 'services',
        deliveryAddress: 'Parking Gerland, 69007 Lyon',
        lines: [line({ title: 'Remplacement pare-brise', details: '6054AGSMVZ1B', preTaxAmount: '1 028,80' })],
      }),
    );
    const invoice = await admin.issue(id);
    const response = await pdfOf(id);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${invoice.number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'FACTURE',
      `N° ${invoice.number}`,
      'VE Lyon Gerland',
      'SIRET 82345678500026 — SIREN 823456785',
      'SAS au capital de 10 000,00 €',
      'RCS Lyon 823 456 785',
      'N° TVA intracommunautaire : FR72823456785',
      'Flotte Auto SARL',
      'SIREN 552100554',
      'N° TVA intracommunautaire : FR96552100554',
      `Date d’émission : ${today().split('-').reverse().join('/')}`,
      `Date d’échéance : ${addDays(today(), 30).split('-').reverse().join('/')}`,
      'Adresse de livraison : Parking Gerland, 69007 Lyon',
      'Catégorie de l’opération : Prestation de services',
      'Option pour le paiement de la TVA d’après les débits',
      'Remplacement pare-brise',
      '6054AGSMVZ1B',
      '1 028,80 €',
      '205,76 €',
      '1 234,56 €',
      'Net à payer',
      'trois fois le taux d’intérêt légal',
      'Indemnité forfaitaire pour frais de recouvrement : 40,00 €',
      'Unité',
      'pièce',
      'PU HT',
    ]) {
      expect(text).toContain(expected);
    }
    // Lyon is a franchisee: it says it is its own business.
    expect(text.replace(/\s+/g, ' ')).toContain('Entreprise indépendante, membre du réseau Vitrage Express');
    expect(text).not.toContain('BROUILLON');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe(`Facture ${invoice.number}`);
    expect(pdf.getAuthor()).toBe('VE Lyon Gerland');
    expect(pdf.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(fr-FR)');

    // Its credit note names it, with negative amounts; a private customer owes no recovery indemnity.
    const creditId = (await admin.call('POST', `/api/quotation/${id}/credit-note`, { reason: 'Pose annulée' })).json()
      .id as number;
    const credit = await pdfText((await pdfOf(creditId)).rawPayload);
    expect(credit).toContain(`Avoir sur la facture n° ${invoice.number}`);
    expect(credit).toContain('-1 234,56 €');
    expect(credit).toContain('Motif : Pose annulée');
  });

  it('marks drafts BROUILLON and runs long documents over several pages', async () => {
    const id = await admin.create(
      'quotation',
      body({
        lines: Array.from({ length: 90 }, (_, index) =>
          line({ title: `Ligne de devis numéro ${index + 1}`, position: index + 1, preTaxAmount: '12,50' }),
        ),
      }),
    );
    const response = await pdfOf(id);
    expect(response.headers['content-disposition']).toBe(`inline; filename="brouillon-${id}.pdf"`);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('DEVIS — BROUILLON');
    pages.forEach((page, index) => {
      expect(page).toContain('BROUILLON');
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      expect(page).toContain('Désignation');
    });
    expect(pages.join('\n')).toContain('Ligne de devis numéro 90');
    expect(pages.at(-1)).toContain('1 350,00 €');
  });
});

describe('quotes', () => {
  const pdfOf = (id: number) => admin.call('GET', `/api/quotation/${id}/pdf`);

  it('print what a garage’s quote must: validity, execution delay, free or paid; no sale date', async () => {
    const paid = await admin.issue(
      await admin.create('quotation', body({ executionDelay: 'sous 48 h après accord', quoteFee: '25,00' })),
    );
    expect(paid).toMatchObject({ executionDelay: 'sous 48 h après accord', quoteFee: 2_500 });
    const text = (await pdfText((await pdfOf(paid.id)).rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      `Valable jusqu’au : ${addDays(today(), 30).split('-').reverse().join('/')}`,
      'Délai d’exécution des travaux : sous 48 h après accord',
      'Devis payant : 25,00 € TTC',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Date de la vente');

    const free = await admin.issue(await admin.create('quotation', body()));
    const freeText = (await pdfText((await pdfOf(free.id)).rawPayload)).replace(/\s+/g, ' ');
    expect(freeText).toContain('Délai d’exécution des travaux : à convenir à l’acceptation du devis');
    expect(freeText).toContain('Devis gratuit');

    const refused = await admin.call('POST', '/api/quotation/new/quotation', body({ quoteFee: '-5' }));
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Le prix du devis ne peut pas être négatif']);
  });

  it('list with their end of validity, so that a sent quote past it shows « Expiré »', async () => {
    // Valid for the day of its issue only: sent today, expired tomorrow.
    const quote = await admin.issue(await admin.create('quotation', body({ paymentTermDays: 0 })));
    const list = await admin.call('GET', '/api/quotation/list/quotation?page=1&pageSize=100');
    const row = list.json().data.find((each: { id: number }) => each.id === quote.id);
    expect(row).toMatchObject({ status: 'issued', dueDate: today() });
    expect(shownStatusLabel(row, today())).toBe('Émis');
    expect(shownStatusLabel(row, addDays(today(), 1))).toBe(QUOTE_EXPIRED_LABEL);
  });
});

describe('lists', () => {
  it('pages, searches, sorts and counts per status over the user’s garage', async () => {
    const tag = `Zébulon ${Date.now()}`;
    const ids: number[] = [];
    for (const [index, price] of ['300,00', '100,00', '200,00'].entries()) {
      ids.push(
        await admin.create(
          'quotation',
          body({ customer: { name: `${tag} ${index}` }, lines: [line({ preTaxAmount: price })] }),
        ),
      );
    }
    await admin.issue(ids[1] as number);
    const list = async (query: Record<string, string | number>) => {
      const search = new URLSearchParams({ search: tag.toUpperCase(), ...query } as Record<string, string>);
      const response = await admin.call('GET', `/api/quotation/list/quotation?${search}`);
      expect(response.statusCode).toBe(200);
      return documentListResponseSchema.parse(response.json());
    };
    const all = await list({});
    expect(all.data.map((row) => row.id)).toEqual([...ids].reverse());
    expect(all.totalRecords).toBe(3);
    expect(all.statusCounts).toEqual({ all: 3, draft: 2, issued: 1, invoiced: 0 });
    const tab = await list({ filters: JSON.stringify({ 6: 'issued' }) });
    expect(tab.data.map((row) => row.id)).toEqual([ids[1]]);
    expect(tab.totalRecords).toBe(1);
    expect(tab.statusCounts?.all).toBe(3);
    const byTotal = await list({ sortField: 5, sortDir: 'asc' });
    expect(byTotal.data.map((row) => row.totalAmount)).toEqual([12_000, 24_000, 36_000]);
    const page = await list({ sortField: 5, sortDir: 'asc', page: 2, pageSize: 2 });
    expect(page.data.map((row) => row.id)).toEqual([ids[0]]);
    expect(all.data[2]).toMatchObject({ customer: `${tag} 0`, preTaxAmount: 30_000, status: 'draft', number: null });

    // Without a search: every quote of the garage, counted by status like the table holds them.
    const whole = await admin.call('GET', '/api/quotation/list/quotation?pageSize=5');
    const rows = await app.db
      .select({ status: billingDocuments.status, n: count() })
      .from(billingDocuments)
      .where(and(eq(billingDocuments.companyId, lyon), eq(billingDocuments.type, 'quotation')))
      .groupBy(billingDocuments.status);
    for (const row of rows) expect(whole.json().statusCounts[row.status]).toBe(row.n);
  });

  it('answers a folder’s documents, newest first', async () => {
    const folder = await createFolder(app, lyon);
    const quote = await admin.create('quotation', body({ folderId: folder.id, customer: null }));
    const [invoice] = await admin.invoice(quote);
    const response = await admin.call('GET', `/api/folder/${folder.id}/billing-documents`);
    const { data } = folderDocumentsResponseSchema.parse(response.json());
    expect(data.map((row) => [row.id, row.type, row.folder])).toEqual([
      [invoice, 'invoice', folder.number],
      [quote, 'quotation', folder.number],
    ]);
  });
});

describe('tenant isolation', () => {
  it('another garage’s documents are not found, whatever the call, and never listed', async () => {
    const folder = await createFolder(app, lyon);
    const quote = await admin.create('quotation', body({ folderId: folder.id, customer: { name: 'Isolé Lyon' } }));
    const invoiceId = await admin.create('invoice', body({ customer: { name: 'Isolé Lyon' } }));
    const invoice = await admin.issue(invoiceId);
    const before = await Promise.all([admin.read(quote), admin.read(invoiceId)]);
    for (const cookie of [cookies.superadmin, cookies.multiMarseille]) {
      for (const id of [quote, invoiceId]) {
        for (const [method, url, payload] of [
          ['GET', `/api/quotation/${id}`],
          ['PUT', `/api/quotation/${id}`, body()],
          ['DELETE', `/api/quotation/${id}`],
          ['POST', `/api/quotation/${id}/issue`],
          ['POST', `/api/quotation/${id}/receive`],
          ['POST', `/api/quotation/${id}/invoice`, {}],
          ['POST', `/api/quotation/${id}/credit-note`, { reason: 'Intrusion' }],
          ['GET', `/api/quotation/${id}/pdf`],
        ] as const) {
          const response = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
          expect([method, url, response.statusCode, response.json().message]).toEqual([
            method,
            url,
            404,
            BILLING_DOCUMENT_NOT_FOUND,
          ]);
        }
      }
      const folderDocs = await app.inject({
        method: 'GET',
        url: `/api/folder/${folder.id}/billing-documents`,
        headers: { cookie },
      });
      expect([folderDocs.statusCode, folderDocs.json().message]).toEqual([404, FOLDER_NOT_FOUND_MESSAGE]);
      for (const type of DOCUMENT_TYPES) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/quotation/list/${type}?pageSize=100&search=${encodeURIComponent('Isolé Lyon')}`,
          headers: { cookie },
        });
        expect(response.json().totalRecords).toBe(0);
      }
    }
    expect(await Promise.all([admin.read(quote), admin.read(invoiceId)])).toEqual(before);

    // With TOUT, the Lyon garage is one of multi@'s: its documents are there.
    const multi = billing(app, cookies.multiAll);
    expect((await multi.read(invoiceId)).number).toBe(invoice.number);
    const listed = await multi.call('GET', `/api/quotation/list/invoice?search=${encodeURIComponent('Isolé Lyon')}`);
    expect(listed.json().data.map((row: { id: number }) => row.id)).toEqual([invoiceId]);
    const create = await multi.call('POST', '/api/quotation/new/quotation', body());
    expect([create.statusCode, create.json().message]).toEqual([400, DOCUMENT_PICK_GARAGE]);
  });
});

describe('roles', () => {
  it('an accountant reads invoices and credit notes but not quotes or purchase orders', async () => {
    const accountant = billing(app, cookies.accountant);
    const invoices = await accountant.call('GET', '/api/quotation/list/invoice');
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().totalRecords).toBeGreaterThan(0);
    for (const type of ['quotation', 'purchase-order']) {
      const refused = await accountant.call('GET', `/api/quotation/list/${type}`);
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Accès refusé']);
    }
    const [quote] = await app.db
      .select({ id: billingDocuments.id, folderId: billingDocuments.folderId })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.companyId, centre),
          eq(billingDocuments.type, 'quotation'),
          eq(billingDocuments.status, 'invoiced'),
        ),
      )
      .limit(1);
    if (!quote) throw new Error('the demo has invoiced quotes');
    expect((await accountant.call('GET', `/api/quotation/${quote.id}`)).statusCode).toBe(403);
    expect((await accountant.call('GET', `/api/quotation/${quote.id}/pdf`)).statusCode).toBe(403);
    expect((await accountant.call('POST', '/api/quotation/new/quotation', body())).statusCode).toBe(403);
    const [invoice] = await app.db
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.sourceId, quote.id));
    expect((await accountant.call('GET', `/api/quotation/${invoice?.id}`)).statusCode).toBe(200);
    expect((await accountant.call('GET', `/api/quotation/${invoice?.id}/pdf`)).statusCode).toBe(200);
    // The folder's block lists only what they may read.
    const folderDocs = await accountant.call('GET', `/api/folder/${quote.folderId}/billing-documents`);
    const types = folderDocumentsResponseSchema.parse(folderDocs.json()).data.map((row) => row.type);
    expect(types).toContain('invoice');
    expect(types).not.toContain('quotation');

    const cmd = billing(app, cookies.cmd);
    expect((await cmd.call('GET', '/api/quotation/list/invoice')).statusCode).toBe(403);
    expect((await cmd.call('GET', '/api/quotation/list/quotation')).statusCode).toBe(200);
    const fitter = billing(app, cookies.fitter);
    expect((await fitter.call('GET', '/api/quotation/list/quotation')).statusCode).toBe(403);
  });
});

describe('validation', () => {
  it('answers 400 with a French message and changes nothing', async () => {
    const [parisFolder] = await app.db
      .select({ id: folders.id })
      .from(folders)
      .where(eq(folders.companyId, paris))
      .limit(1);
    const [parisSupplier] = await app.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.companyId, paris))
      .limit(1);
    const [parisProduct] = await app.db
      .insert(products)
      .values({ companyId: paris, name: 'Produit de Paris', price: 1_000 })
      .returning({ id: products.id });
    const draft = await admin.create('quotation');
    const kept = await admin.read(draft);
    const before = await lyonDocuments();
    const cases: [string, string, object | undefined, string][] = [
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ title: ' ' })] }),
        'Le libellé de la ligne est obligatoire',
      ],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ quantity: 0 })] }),
        'La quantité ne peut pas être nulle',
      ],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ remise: 150 })] }),
        'La remise est comprise entre 0 et 100 %',
      ],
      ['POST', '/api/quotation/new/quotation', body({ lines: [line({ taxRate: 19 })] }), 'Taux de TVA inconnu'],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ preTaxAmount: 'douze' })] }),
        'Prix unitaire invalide',
      ],
      ['POST', '/api/quotation/new/quotation', body({ paymentTermDays: 90 }), 'Délai de paiement : 60 jours au plus'],
      ['POST', '/api/quotation/new/devis', body(), 'Type de document inconnu'],
      ['POST', '/api/quotation/new/quotation', body({ customer: null }), DOCUMENT_CUSTOMER_REQUIRED],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ customer: { name: 'X', siren: '123' } }),
        'Le SIREN compte 9 chiffres',
      ],
      ['POST', '/api/quotation/new/purchase-order', body(), DOCUMENT_SUPPLIER_REQUIRED],
      ['POST', '/api/quotation/new/purchase-order', body({ supplierId: parisSupplier?.id }), DOCUMENT_SUPPLIER_UNKNOWN],
      ['POST', '/api/quotation/new/quotation', body({ folderId: parisFolder?.id }), DOCUMENT_FOLDER_UNKNOWN],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ productId: parisProduct?.id })] }),
        PRODUCT_NOT_FOUND,
      ],
      [
        'POST',
        '/api/quotation/new/quotation',
        body({ lines: [line({ quantity: 100_000, preTaxAmount: '99 999 999,99' })] }),
        DOCUMENT_AMOUNT_TOO_HIGH,
      ],
      ['GET', '/api/quotation/abc', undefined, 'Identifiant de document invalide'],
      [
        'PUT',
        `/api/quotation/${draft}`,
        body({ lines: [line({ quantity: 0 })] }),
        'La quantité ne peut pas être nulle',
      ],
      ['PUT', `/api/quotation/${draft}`, body({ folderId: parisFolder?.id }), DOCUMENT_FOLDER_UNKNOWN],
    ];
    for (const [method, url, payload, message] of cases) {
      const response = await admin.call(method as 'GET', url, payload);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 400, message]);
    }
    expect(await lyonDocuments()).toBe(before);
    expect(await admin.read(draft)).toEqual(kept);
  });
});
