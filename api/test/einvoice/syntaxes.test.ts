import { documentSchema, vatNumberOf, withLuhnKey } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { type Report, validate } from './official-rules';
import { pdfStructure } from './pdf-structure';

/*
 * Every kind of document the garage issues, as its e-invoice in CII (the Factur-X XML) and in UBL, checked by the
 * official French rules (schema, EN 16931, BR-FR fatal set) the way a platform checks it; a copy with a mandatory
 * element removed shows the rules catching it by their identifier.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;
const xml: Record<string, string> = {};
const ubl: Record<string, string> = {};
let facturX: Report;
let bareCii: Report;
let ublReport: Report;

const BUSINESS = {
  name: 'Transports Rhône SARL',
  isBusiness: true,
  siren: withLuhnKey('43210987'),
  vatNumber: vatNumberOf(withLuhnKey('43210987')),
  email: 'compta@transports-rhone.example',
};

async function issued(payload: Parameters<typeof body>[0]) {
  return api.issue(await api.create('invoice', body(payload)));
}

async function einvoice(id: number, syntax: 'cii' | 'ubl' = 'cii') {
  const response = await api.call('GET', `/api/quotation/${id}/einvoice?syntax=${syntax}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** An insurer invoice of 600 € HT split with the insured's deductible of 100 €, under a signed cession. */
async function insurerInvoiceWithDeductible() {
  const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: garage.email } });
  const folderId = (created.json() as { id: number }).id;
  const signed = await app.inject({
    method: 'POST',
    url: `/api/sign/${folderId}`,
    headers: { cookie: garage.cookie },
    payload: { signerName: 'Hélène Testeur', accepted: true },
  });
  expect(signed.statusCode).toBe(201);
  const quote = await api.create(
    'quotation',
    body({ folderId, customer: null, lines: [line({ preTaxAmount: '600,00' })] }),
  );
  const [deductible, insurer] = await api.invoice(quote, '100,00');
  if (!deductible || !insurer) throw new Error('no split');
  // Issuing the insurer's issues the insured's with it.
  return { deductible, insurer: await api.issue(insurer) };
}

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);

  const privateCustomer = await issued({
    customer: { name: 'Sophie Durand', email: 'sophie.durand@example.fr' },
    lines: [
      line({ title: 'Pare-brise feuilleté', preTaxAmount: '320,00' }),
      line({ title: 'Pose', quantity: 1.5, unit: 'HUR', preTaxAmount: '65,00', position: 2 }),
    ],
  });
  const business = await issued({
    customer: BUSINESS,
    exemptionReason: 'Exonération de TVA, article 262 ter I du CGI',
    lines: [
      line({ title: 'Balais d’essuie-glace', quantity: 2, preTaxAmount: '19,90', remise: 10 }),
      line({ title: 'Produit de traitement', preTaxAmount: '12,00', taxRate: 5.5, position: 2 }),
      line({ title: 'Livraison intracommunautaire', preTaxAmount: '40,00', taxRate: 0, position: 3 }),
    ],
  });
  // Paid by card as it was issued (the counter): « already paid » (M2), everything prepaid, nothing due.
  const receiptedDraft = await api.create(
    'invoice',
    body({ customer: { name: 'Marc Passant', email: 'marc.passant@example.fr' }, paymentTermDays: 0 }),
  );
  const settled = await api.call('POST', `/api/quotation/${receiptedDraft}/issue`, { settle: { method: 'card' } });
  expect(settled.statusCode, settled.body).toBe(200);
  const receipted = documentSchema.parse(settled.json());
  const { deductible, insurer } = await insurerInvoiceWithDeductible();
  const creditDraft = await api.call('POST', `/api/quotation/${privateCustomer.id}/credit-note`, {
    reason: 'Pose annulée',
  });
  expect(creditDraft.statusCode, creditDraft.body).toBe(201);
  const credit = await api.issue(creditDraft.json().id);
  const fifty = await issued({
    customer: BUSINESS,
    taxInclusive: true,
    lines: Array.from({ length: 50 }, (_, index) =>
      line({
        title: `Pièce ${index + 1}`,
        quantity: (index % 3) + 1,
        preTaxAmount: `${10 + index},99`,
        position: index + 1,
      }),
    ),
  });

  // A garage outside VAT (art. 293 B): every line at 0 %, its SIREN as its tax registration.
  const exempt = await ownTestGarage(app);
  await app.db
    .update(companies)
    .set({ tvaNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' })
    .where(eq(companies.id, exempt.companyId));
  const exemptApi = billing(app, exempt.cookie);
  const outsideVat = await exemptApi.issue(
    await exemptApi.create('invoice', body({ customer: BUSINESS, lines: [line({ taxRate: 0 })] })),
  );
  xml.outsideVat = (await exemptApi.call('GET', `/api/quotation/${outsideVat.id}/einvoice`)).body;
  ubl.outsideVat = (await exemptApi.call('GET', `/api/quotation/${outsideVat.id}/einvoice?syntax=ubl`)).body;

  // The units the garage buys by card: the publisher's invoice, a Factur-X, already paid.
  const ordered = await api.call('POST', '/api/checkout/orders', { packId: 'pack-10' });
  const orderId = (ordered.json() as { id: number }).id;
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
  expect((await api.call('POST', `/api/checkout/orders/${orderId}/pay`, card)).statusCode).toBe(200);
  const unitsPdf = (await api.call('GET', `/api/checkout/orders/${orderId}/invoice`)).rawPayload;
  const [unitsXml] = (await pdfStructure(unitsPdf)).attachments;
  xml.units = new TextDecoder().decode(unitsXml?.data);

  // A deposit invoice (386) on an issued quote, and the final invoice that takes it off (negative lines).
  const quote = await api.issue(
    await api.create('quotation', body({ customer: BUSINESS, lines: [line({ preTaxAmount: '500,00' })] })),
  );
  const depositDraft = await api.call('POST', `/api/quotation/${quote.id}/deposit`, { amount: '180,00' });
  expect(depositDraft.statusCode, depositDraft.body).toBe(201);
  const deposit = await api.issue(depositDraft.json().id);
  const [finalId] = await api.invoice(quote.id);
  const final = await api.issue(finalId as number);

  const documents = { privateCustomer, business, insurer, credit, fifty, receipted, deposit, final };
  for (const [name, document] of Object.entries(documents)) {
    xml[name] = await einvoice(document.id);
    ubl[name] = await einvoice(document.id, 'ubl');
  }
  xml.deductible = await einvoice(deductible);
  ubl.deductible = await einvoice(deductible, 'ubl');
  // The business invoice with a mandatory element taken out, as a careless writer would send it.
  const business0 = xml.business ?? '';
  xml.noBuyerSiren = business0.replace(/(<ram:BuyerTradeParty>[\s\S]*?)<ram:ID schemeID="0002">\d{9}<\/ram:ID>/, '$1');
  xml.noRecoveryNote = business0.replace(
    /<ram:IncludedNote>\s*<ram:Content>[^<]*<\/ram:Content>\s*<ram:SubjectCode>PMT<\/ram:SubjectCode>\s*<\/ram:IncludedNote>/,
    '',
  );
  xml.wrongLineSum = business0.replace(/<ram:LineTotalAmount>35\.82</, '<ram:LineTotalAmount>36.82<');
  facturX = validate(xml, 'facturX');
  bareCii = validate(xml, 'cii');
  ubl.noBuyerSiren = (ubl.business ?? '').replace(
    /(<cac:AccountingCustomerParty>[\s\S]*?)<cbc:CompanyID schemeID="0002">\d{9}<\/cbc:CompanyID>/,
    '$1',
  );
  ublReport = validate(ubl, 'ubl');
}, 240_000);
afterAll(() => app.close());

const VALID = [
  'privateCustomer',
  'business',
  'insurer',
  'deductible',
  'credit',
  'fifty',
  'outsideVat',
  'receipted',
  'deposit',
  'final',
];
/** Written in CII only: the units invoice is not a garage's document (it has no UBL download). */
const CII_ONLY = ['units'];

describe('the CII e-invoice of every kind of issued document', () => {
  it.each([...VALID, ...CII_ONLY])(
    '%s passes the Factur-X EN 16931 schema, the EN 16931 rules and the French rules',
    (name) => {
      expect(facturX[name]).toEqual({ schema: [], fatal: [] });
    },
  );

  it.each([...VALID, ...CII_ONLY])('%s passes the CII D22B schema and the CEN and French rules for CII', (name) => {
    expect(bareCii[name]).toEqual({ schema: [], fatal: [] });
  });

  it.each(VALID)('%s in UBL passes the UBL 2.1 schema and the CEN and French rules for UBL', (name) => {
    expect(ublReport[name]).toEqual({ schema: [], fatal: [] });
  });

  it('in UBL is refused by the French rules without the business buyer’s SIREN', () => {
    expect(ubl.noBuyerSiren).not.toBe(ubl.business);
    expect(ublReport.noBuyerSiren?.fatal.map((failure) => failure.rule)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^BR-FR-11/)]),
    );
  });

  it('is refused by the EN 16931 rules when its lines do not add up to its total', () => {
    expect(xml.wrongLineSum).not.toBe(xml.business);
    expect(facturX.wrongLineSum?.fatal.map((failure) => failure.rule)).toEqual(
      expect.arrayContaining(['BR-CO-10', 'BR-S-08']),
    );
    expect(bareCii.wrongLineSum?.fatal.map((failure) => failure.rule)).toContain('BR-CO-10');
  });

  it('is refused by the French rules without the business buyer’s SIREN or the recovery fee note', () => {
    expect(xml.noBuyerSiren).not.toBe(xml.business);
    expect(xml.noRecoveryNote).not.toBe(xml.business);
    expect(facturX.noBuyerSiren?.fatal.map((failure) => failure.rule)).toContain('BR-FR-11_BT-47');
    expect(facturX.noRecoveryNote?.fatal.map((failure) => failure.rule)).toContain('BR-FR-05_BT-22_PMT');
  });

  it('says a receipted invoice is already paid: M2, all of it prepaid, nothing due, due on the day it was paid', () => {
    const receipted = xml.receipted ?? '';
    expect(receipted).toMatch(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M2<\/ram:ID>/);
    const grand = /<ram:GrandTotalAmount>([\d.]+)</.exec(receipted)?.[1];
    expect(grand).toBeDefined();
    expect(receipted).toContain(`<ram:TotalPrepaidAmount>${grand}</ram:TotalPrepaidAmount>`);
    expect(receipted).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
    expect(receipted).toMatch(/Acquittée le \d{2}\/\d{2}\/\d{4}, réglée par carte bancaire/);
    expect(ubl.receipted).toMatch(/<cbc:PayableAmount currencyID="EUR">0.00<\/cbc:PayableAmount>/);
  });

  it('names the claim as the insurer’s reference, and a credit note its invoice', () => {
    expect(xml.insurer).toMatch(/<ram:BuyerReference>SIN-TEST-[^<]+<\/ram:BuyerReference>/);
    expect(xml.credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml.credit).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>F-/);
    expect(ubl.credit).toMatch(/^<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/m);
    expect(ubl.insurer).toMatch(/<cbc:BuyerReference>SIN-TEST-[^<]+<\/cbc:BuyerReference>/);
  });
});

describe('GET /api/quotation/{id}/einvoice', () => {
  it('is an attachment of the issued document, refused for a draft or an unknown syntax, hidden from other garages', async () => {
    const draft = await api.create('invoice', body());
    const refused = await api.call('GET', `/api/quotation/${draft}/einvoice`);
    expect(refused.statusCode).toBe(409);
    const invoice = await issued({});
    const answer = await api.call('GET', `/api/quotation/${invoice.id}/einvoice`);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(`${invoice.number}-cii.xml`);
    expect((await api.call('GET', `/api/quotation/${invoice.id}/einvoice?syntax=pdf`)).statusCode).toBe(400);
    const stranger = await ownTestGarage(app);
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/quotation/${invoice.id}/einvoice`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
