import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, companies, documentOriginals } from '../../src/db/schema';
import { createTestApp, databaseRefusal, login } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { pdfText } from '../pdf-text';
import { billing, body } from './fixtures';

/* Originals frozen at issue (CGI art. 289): the PDF handed over is the one kept, byte for byte. */

let app: FastifyInstance;
let admin: ReturnType<typeof billing>;
let lyon: number;

beforeAll(async () => {
  app = await createTestApp();
  lyon = await companyId(app, 'lyon');
  admin = billing(app, await login(app, 'poseur.admin@demo.garage.fr'));
});
afterAll(() => app.close());

const pdfOf = async (id: number) => (await admin.call('GET', `/api/quotation/${id}/pdf`)).rawPayload;
describe('originals of issued documents', () => {
  it('two downloads of an invoice are byte-identical, even after "Ma société" changes', async () => {
    const invoice = await admin.issue(await admin.create('invoice', body({ customer: { name: 'Original Client' } })));
    const first = await pdfOf(invoice.id);
    const [kept] = await app.db.select().from(documentOriginals).where(eq(documentOriginals.documentId, invoice.id));
    expect(kept?.sha256).toBe(createHash('sha256').update(first).digest('hex'));

    const [before] = await app.db
      .select({ tradeName: companies.tradeName })
      .from(companies)
      .where(eq(companies.id, lyon));
    await app.db.update(companies).set({ tradeName: 'Nouveau nom commercial' }).where(eq(companies.id, lyon));
    try {
      const second = await pdfOf(invoice.id);
      expect(Buffer.compare(second, first)).toBe(0);
      expect(await pdfText(second)).not.toContain('Nouveau nom commercial');
      // A draft, not yet handed over, is drawn with today's profile and never kept.
      const draft = await admin.create('invoice', body());
      const draftText = await pdfText(await pdfOf(draft));
      expect(draftText).toContain('BROUILLON');
      expect(draftText).toContain('Nouveau nom commercial');
      expect(await app.db.select().from(documentOriginals).where(eq(documentOriginals.documentId, draft))).toEqual([]);
    } finally {
      await app.db.update(companies).set({ tradeName: before?.tradeName }).where(eq(companies.id, lyon));
    }
  });

  it('keeps beside the PDF a canonical JSON of what was issued: parties, lines, totals, mentions, and its digest', async () => {
    const invoice = await admin.issue(
      await admin.create('invoice', body({ customer: { name: 'Client Canonique' }, buyerReference: 'BC-7' })),
    );
    const [kept] = await app.db.select().from(documentOriginals).where(eq(documentOriginals.documentId, invoice.id));
    const canonical = kept?.canonical ?? '';
    expect(kept?.canonicalSha256).toBe(createHash('sha256').update(canonical).digest('hex'));
    const record = JSON.parse(canonical);
    expect(record).toMatchObject({
      type: 'invoice',
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      seller: { name: 'Vitrage Express Lyon', siret: '82345678500026', registryKind: 'RCS' },
      buyer: { name: 'Client Canonique', city: 'Lyon' },
      lines: [{ title: 'Pare-brise', quantity: 1, unitPrice: 10_000, unit: 'C62', taxRate: 20, total: 10_000 }],
      totals: { preTaxAmount: 10_000, taxAmount: 2_000, totalAmount: 12_000 },
      mentions: { buyerReference: 'BC-7' },
    });
    // Canonical: keys sorted at every level, so the text does not depend on how the record was built.
    expect(Object.keys(record)).toEqual([...Object.keys(record)].sort());
    expect(Object.keys(record.seller)).toEqual([...Object.keys(record.seller)].sort());
  });

  it('an original refuses UPDATE and DELETE in the database itself, and so does the company that issued it', async () => {
    const invoice = await admin.issue(await admin.create('invoice', body({ customer: { name: 'Inaltérable' } })));
    const pdf = await pdfOf(invoice.id);
    expect(
      await databaseRefusal(
        app.db
          .update(documentOriginals)
          .set({ pdf: Buffer.from('faux') })
          .where(eq(documentOriginals.documentId, invoice.id)),
      ),
    ).toContain('ne se modifie ni ne se supprime');
    expect(
      await databaseRefusal(app.db.delete(documentOriginals).where(eq(documentOriginals.documentId, invoice.id))),
    ).toContain('ne se modifie ni ne se supprime');
    expect(await databaseRefusal(app.db.delete(companies).where(eq(companies.id, lyon)))).toBeDefined();
    expect(Buffer.compare(await pdfOf(invoice.id), pdf)).toBe(0);
    expect(await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, lyon))).toEqual([
      { id: lyon },
    ]);
  });

  it('an issued document and its lines refuse UPDATE and DELETE in the database; its state still moves, a draft stays free', async () => {
    const invoice = await admin.issue(await admin.create('invoice', body({ customer: { name: 'Gelée' } })));
    const byId = eq(billingDocuments.id, invoice.id);
    const frozen = 'ne se modifie pas';
    for (const change of [
      { totalAmount: 1 },
      { customer: sql`jsonb_set(${billingDocuments.customer}, '{name}', '"Autre client"')` },
      { saleDate: '2020-01-01' },
      { number: 'F-FAUX' },
      { notes: 'ajout après coup' },
      { buyerReference: 'BC-FAUX' },
      { exemptionReason: 'Débours' },
      { vehicleMentions: { plate: 'ZZ999ZZ', vehicle: '', vin: '', mileage: 1 } },
    ]) {
      expect(await databaseRefusal(app.db.update(billingDocuments).set(change).where(byId))).toContain(frozen);
    }
    expect(await databaseRefusal(app.db.delete(billingDocuments).where(byId))).toContain('ne se supprime pas');
    const byDocument = eq(billingDocumentLines.documentId, invoice.id);
    expect(
      await databaseRefusal(app.db.update(billingDocumentLines).set({ unitPrice: 1 }).where(byDocument)),
    ).toContain('ne se modifient ni ne se suppriment');
    expect(await databaseRefusal(app.db.delete(billingDocumentLines).where(byDocument))).toContain(
      'ne se modifient ni ne se suppriment',
    );
    // What follows the issue is state, not the document: a payment or a credit note moves it.
    expect(
      await databaseRefusal(app.db.update(billingDocuments).set({ status: 'partial', paidAmount: 100 }).where(byId)),
    ).toBeUndefined();
    await app.db.update(billingDocuments).set({ status: 'issued', paidAmount: 0 }).where(byId);
    // A draft is still a draft: edited and deleted freely.
    const draft = await admin.create('invoice', body());
    const draftId = eq(billingDocuments.id, draft);
    expect(
      await databaseRefusal(app.db.update(billingDocuments).set({ notes: 'libre' }).where(draftId)),
    ).toBeUndefined();
    expect(await databaseRefusal(app.db.delete(billingDocuments).where(draftId))).toBeUndefined();
  });
});
