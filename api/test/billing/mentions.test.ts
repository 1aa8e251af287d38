import { type BillingParty, CESSION_DOCUMENT_TYPE, issueRefusal, MENTIONS_MISSING_REFUSAL } from 'contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDocuments,
  companies,
  folderDocumentContents,
  folderDocuments,
  folderHistory,
} from '../../src/db/schema';
import { linesOf } from '../../src/modules/billing/documents/document-lines';
import { sellerOf } from '../../src/modules/billing/documents/documents-queries';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { BUYER_ADDRESS, billing, body, line } from './fixtures';

/*
 * The issue-time gate (CGI art. 242 nonies A, C. com. L441-9 and R123-237): an invoice or a credit note
 * is issued with every mandatory mention or refused (409) naming what is missing, with nothing changed.
 */

let app: FastifyInstance;
let own: { companyId: number; api: ReturnType<typeof billing> };

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  // A garage of the test's own: its "Ma société" is emptied mention by mention.
  const garage = await ownTestGarage(app);
  own = { companyId: garage.companyId, api: billing(app, garage.cookie) };
});
afterAll(() => app.close());

/** Issues a fresh draft and answers the refusal (status, message) and whether anything changed. */
async function tryIssue(customer: Partial<BillingParty> = {}, lines = body().lines) {
  const draft = await own.api.create('invoice', body({ customer: { name: 'Client Essai', ...customer }, lines }));
  const answer = await own.api.call('POST', `/api/quotation/${draft}/issue`);
  const after = await own.api.read(draft);
  const refusal = answer.json() as { message: string; refusal?: string; fields?: string[] };
  return {
    status: answer.statusCode,
    message: refusal.message,
    refusal: refusal.refusal,
    fields: refusal.fields,
    after,
  };
}

async function withSeller(change: Partial<typeof companies.$inferInsert>, check: () => Promise<void>) {
  const [before] = await app.db.select().from(companies).where(eq(companies.id, own.companyId));
  await app.db.update(companies).set(change).where(eq(companies.id, own.companyId));
  try {
    await check();
  } finally {
    await app.db
      .update(companies)
      .set(before ?? {})
      .where(eq(companies.id, own.companyId));
  }
}

describe('the issue-time gate of mandatory mentions', () => {
  it('issues an invoice that carries every mention', async () => {
    const draft = await own.api.create('invoice', body());
    expect((await own.api.issue(draft)).number).toMatch(/^F-/);
  });

  const sellerCases: [string, Partial<typeof companies.$inferInsert>, string][] = [
    ['the seller’s address', { postalCode: null }, 'l’adresse complète du garage'],
    ['a valid SIRET', { siret: '12345678901234' }, 'un SIRET valide (BR-FR-10)'],
    ['the legal form', { legalForm: null }, 'la forme juridique'],
    ['the share capital', { shareCapital: null }, 'le capital social'],
    [
      'the registry (RCS or RM)',
      { registryKind: null },
      'l’immatriculation (RCS et ville du greffe, ou RM et département)',
    ],
    ['the registry’s place', { registryPlace: '' }, 'l’immatriculation (RCS et ville du greffe, ou RM et département)'],
    [
      'the VAT number or the exemption wording',
      { tvaNumber: null },
      'le n° de TVA intracommunautaire ou la mention d’exonération',
    ],
  ];
  for (const [name, change, missing] of sellerCases) {
    it(`refuses without ${name}, naming it, and changes nothing`, async () => {
      await withSeller(change, async () => {
        const { status, message, after } = await tryIssue();
        expect(status).toBe(409);
        expect(message).toBe(
          `Émission impossible, mentions obligatoires manquantes dans « Ma société » : ${missing}. Rien n’a été émis.`,
        );
        expect([after.status, after.number, after.issuedAt]).toEqual(['draft', null, null]);
      });
    });
  }

  it('an individual craftsman: no capital, RM and département, an exemption wording instead of the VAT number', async () => {
    await withSeller(
      {
        legalForm: 'EI',
        shareCapital: null,
        tvaNumber: null,
        vatExemption: 'TVA non applicable, art. 293 B du CGI',
        registryKind: 'RM',
        registryPlace: 'Rhône',
      },
      async () => {
        // Outside VAT, its lines bear none (a line at 20 % is refused: no VAT number to charge it under).
        const { status, after } = await tryIssue({}, [line({ taxRate: 0 })]);
        expect(status).toBe(200);
        const text = await pdfText((await own.api.call('GET', `/api/quotation/${after.id}/pdf`)).rawPayload);
        const [seller] = await app.db.select().from(companies).where(eq(companies.id, own.companyId));
        const siren = seller?.siret?.slice(0, 9).replace(/(\d{3})(?=\d)/g, '$1 ');
        expect(text).toContain(`RM Rhône ${siren}`);
        expect(text).toContain('TVA non applicable, art. 293 B du CGI');
        expect(text).not.toContain('RCS');
      },
    );
  });

  it('refuses a buyer without a full address, naming the fields for the form to highlight', async () => {
    const { status, message, refusal, fields } = await tryIssue({
      name: 'Sans Adresse',
      address: '',
      postalCode: '',
      city: '',
    });
    expect([status, message]).toEqual([
      409,
      'Émission impossible, mentions obligatoires manquantes sur le document : l’adresse complète de l’acheteur. Rien n’a été émis.',
    ]);
    expect(refusal).toBe(MENTIONS_MISSING_REFUSAL);
    expect(fields).toEqual(['customer.address', 'customer.postalCode', 'customer.city']);
    const business = await tryIssue({ name: 'Flotte SARL', isBusiness: true, siren: '552100555', city: '' });
    expect(business.fields).toEqual(['customer.city', 'customer.siren']);
  });

  it('refuses a business buyer without a Luhn-valid SIREN, and issues with one', async () => {
    const refused = await tryIssue({ name: 'Flotte SARL', isBusiness: true, siren: '552100555' });
    expect([refused.status, refused.message]).toEqual([
      409,
      'Émission impossible, mentions obligatoires manquantes sur le document : le SIREN valide de l’acheteur professionnel (BR-FR-11). Rien n’a été émis.',
    ]);
    expect((await tryIssue({ name: 'Flotte SARL', isBusiness: true, siren: '552100554' })).status).toBe(200);
  });

  it('names every missing mention at once, and leaves no gap in the numbering', async () => {
    await withSeller({ legalForm: null, city: null }, async () => {
      const { message } = await tryIssue({ name: 'Sans Adresse', city: '' });
      expect(message).toBe(
        'Émission impossible, mentions obligatoires manquantes dans « Ma société » : l’adresse complète du garage, la forme juridique ; sur le document : l’adresse complète de l’acheteur. Rien n’a été émis.',
      );
    });
    const first = await own.api.issue(await own.api.create('invoice', body()));
    const second = await own.api.issue(await own.api.create('invoice', body()));
    const sequence = (number: string | null) => Number(number?.split('-').at(-1));
    expect(sequence(second.number)).toBe(sequence(first.number) + 1);
  });

  it('does not gate a quote: it is not a tax document', async () => {
    const quote = await own.api.create('quotation', body({ customer: { name: 'Devis', ...BUYER_ADDRESS, city: '' } }));
    expect((await own.api.call('POST', `/api/quotation/${quote}/issue`)).statusCode).toBe(200);
  });
});

describe('the demo', () => {
  it('every issued demo invoice and credit note passes the gate, lines included', async () => {
    const issued = await app.db
      .select()
      .from(billingDocuments)
      .where(and(inArray(billingDocuments.type, ['invoice', 'credit-note']), ne(billingDocuments.status, 'draft')));
    expect(issued.length).toBeGreaterThan(50);
    const sellers = new Map<number, Awaited<ReturnType<typeof sellerOf>>>();
    const refusals = [];
    for (const document of issued) {
      if (document.companyId === own.companyId) continue;
      if (!sellers.has(document.companyId)) sellers.set(document.companyId, await sellerOf(app.db, document.companyId));
      const seller = sellers.get(document.companyId);
      if (!seller) throw new Error('no seller');
      const lineRates = (await linesOf(app.db, document.id)).map((each) => each.taxRate);
      const refusal = issueRefusal(document.type as 'invoice', seller, document.customer, {
        lineRates,
        exemptionReason: document.exemptionReason,
      });
      if (refusal) refusals.push(`${document.number}: ${refusal}`);
    }
    expect(refusals).toEqual([]);
  });

  it('every issued demo insurer invoice cites its claim and deductible, on a signed cession or a written reason', async () => {
    const toInsurers = await app.db
      .select()
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.type, 'invoice'),
          eq(billingDocuments.billTo, 'insurer'),
          ne(billingDocuments.status, 'draft'),
        ),
      );
    expect(toInsurers.length).toBeGreaterThan(3);
    const mentions = toInsurers.map((invoice) => invoice.insurerMentions);
    for (const each of mentions) {
      expect(each?.claimNumber).toMatch(/^SIN-/);
      expect(each?.deductible?.invoiceNumber).toMatch(/^F-/);
      expect(Boolean(each?.cession) !== Boolean(each?.cessionOverride)).toBe(true);
    }
    const signed = toInsurers.find((invoice) => invoice.insurerMentions?.cession);
    const overridden = toInsurers.find((invoice) => invoice.insurerMentions?.cessionOverride);
    if (!signed?.folderId || !overridden?.folderId) throw new Error('the demo needs both kinds');
    const [cession] = await app.db
      .select()
      .from(folderDocuments)
      .where(and(eq(folderDocuments.folderId, signed.folderId), eq(folderDocuments.typeFile, CESSION_DOCUMENT_TYPE)));
    expect(cession?.signedBy).toBe(signed.insurerMentions?.cession?.signedBy);
    const [content] = await app.db
      .select()
      .from(folderDocumentContents)
      .where(eq(folderDocumentContents.documentId, cession?.id ?? 0));
    expect(await pdfText(content?.content ?? Buffer.alloc(0))).toContain('Signé électroniquement par');
    const history = await app.db
      .select()
      .from(folderHistory)
      .where(and(eq(folderHistory.folderId, overridden.folderId), eq(folderHistory.kind, 'cession_override')));
    expect(history.map((entry) => entry.newValue)).toEqual([overridden.number]);
  });
});
