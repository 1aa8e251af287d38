import {
  DEDUCTIBLE_ALREADY_BILLED,
  DEDUCTIBLE_COVERS_WORK,
  DEDUCTIBLE_NONE_ON_FOLDER,
  deductibleForgotten,
} from 'contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, documentOriginals, folders } from '../../src/db/schema';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { pdfFlatText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * The insured's deductible from the folder's policy: a new invoice to the insurer bills it to the insured on an
 * invoice of its own, the two add up to the work to the cent, are issued together and cite each other.
 */

let app: FastifyInstance;
let lyon: number;
let admin: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  lyon = await companyId(app, 'lyon');
  admin = billing(app, await login(app, 'poseur.admin@demo.garage.fr'));
});
afterAll(() => app.close());

/** A work of 500 € HT (600 € TTC) at 20 %, and one of 50 € HT at 10 %. */
const work = [line({ preTaxAmount: '500,00' }), line({ title: 'Lave-glace', preTaxAmount: '50,00', taxRate: 10 })];
const WORK_TTC = 60_000 + 5_500;
const OVERRIDE = 'Cession signée sur papier, scan à venir';

const insurerInvoice = (folderId: number, lines = work) =>
  admin.create('invoice', body({ folderId, billTo: 'insurer', customer: null, lines }));

describe('a new invoice to an insurer on a folder with a deductible', () => {
  it('creates the insured’s invoice for a fixed deductible; the insurer’s takes it off, to the cent', async () => {
    const folder = await createFolder(app, lyon, { deductibleAmount: 15_000 });
    const id = await insurerInvoice(folder.id);
    const toInsurer = await admin.read(id);
    expect(toInsurer.splitPartner).toMatchObject({ billTo: 'customer', status: 'draft', totalAmount: 15_000 });
    const insured = await admin.read(toInsurer.splitPartner?.id as number);
    expect(insured).toMatchObject({
      billTo: 'customer',
      customer: { name: 'Hélène Testeur' },
      taxInclusive: true,
      paymentTermDays: 0,
      totalAmount: 15_000,
      splitPartner: { id, billTo: 'insurer' },
    });
    expect(toInsurer.totalAmount + insured.totalAmount).toBe(WORK_TTC);
    expect(toInsurer.lines.at(-1)).toMatchObject({ title: 'Franchise à la charge de l’assuré', quantity: -1 });
  });

  it('applies a percentage and its minimum to the work', async () => {
    const tenPercent = await createFolder(app, lyon, { deductiblePercent: 1_000, deductibleMinimum: 7_600 });
    const big = await admin.read(await insurerInvoice(tenPercent.id, [line({ preTaxAmount: '1000,00' })]));
    expect(big.splitPartner?.totalAmount).toBe(12_000);
    const small = await admin.read(await insurerInvoice(tenPercent.id, [line({ preTaxAmount: '300,00' })]));
    // 10 % of 360 € is 36 €: the minimum, 76 €, applies.
    expect(small.splitPartner?.totalAmount).toBe(7_600);
    expect(small.totalAmount).toBe(36_000 - 7_600);
  });

  it('bills the insurer alone without a deductible, and refuses one that covers the whole work', async () => {
    const none = await createFolder(app, lyon);
    const alone = await admin.read(await insurerInvoice(none.id));
    expect([alone.splitPartner, alone.totalAmount]).toEqual([null, WORK_TTC]);
    const huge = await createFolder(app, lyon, { deductibleAmount: 100_000 });
    const before = await documentsOf(huge.id);
    const refused = await admin.call(
      'POST',
      '/api/quotation/new/invoice',
      body({ folderId: huge.id, billTo: 'insurer', customer: null, lines: work }),
    );
    expect([refused.statusCode, refused.json().message]).toEqual([400, DEDUCTIBLE_COVERS_WORK]);
    expect(await documentsOf(huge.id)).toBe(before);
  });

  it('issues the pair together from either invoice, each citing the other, one work date', async () => {
    const folder = await createFolder(app, lyon, { deductibleAmount: 10_000 });
    const id = await insurerInvoice(folder.id);
    const partnerId = (await admin.read(id)).splitPartner?.id as number;
    // From the insured's invoice: the insurer's rests on a cession, so the reason is asked for the pair.
    const insured = await admin.issue(partnerId, OVERRIDE);
    const toInsurer = await admin.read(id);
    expect(toInsurer.status).toBe('issued');
    expect(insured.insurerShare).toMatchObject({ invoiceNumber: toInsurer.number, amount: toInsurer.totalAmount });
    expect(toInsurer.insurerMentions).toMatchObject({
      deductible: { amount: 10_000, invoiceNumber: insured.number },
      workDate: toInsurer.saleDate,
      cessionOverride: OVERRIDE,
    });
    expect(insured.saleDate).toBe(toInsurer.saleDate);
    const text = await pdfFlatText((await admin.call('GET', `/api/quotation/${id}/pdf`)).rawPayload);
    expect(text).toContain('Montant total des travaux : 655,00 € TTC');
    expect(text).toContain('Part de l’assureur : 555,00 €');
    // Both originals were frozen at issue: the insured's PDF is the one kept.
    const kept = await app.db
      .select({ id: documentOriginals.documentId })
      .from(documentOriginals)
      .where(inArray(documentOriginals.documentId, [id, partnerId]));
    expect(kept).toHaveLength(2);
  });

  it('freezes the link and the insurer’s share with the issued invoices', async () => {
    const folder = await createFolder(app, lyon, { deductibleAmount: 10_000 });
    const id = await insurerInvoice(folder.id);
    const partnerId = (await admin.read(id)).splitPartner?.id as number;
    await admin.issue(id, OVERRIDE);
    await expect(
      app.db.update(billingDocuments).set({ insurerShare: null }).where(eq(billingDocuments.id, partnerId)),
    ).rejects.toThrow();
    await expect(
      app.db.update(billingDocuments).set({ deductibleInvoiceId: null }).where(eq(billingDocuments.id, id)),
    ).rejects.toThrow();
  });
});

describe('« Facturer la franchise » on an insurer invoice made before the folder had its deductible', () => {
  it('refuses to issue it alone, then splits it once', async () => {
    const folder = await createFolder(app, lyon);
    const id = await insurerInvoice(folder.id);
    const noTerms = await admin.call('POST', `/api/quotation/${id}/deductible`);
    expect([noTerms.statusCode, noTerms.json().message]).toEqual([409, DEDUCTIBLE_NONE_ON_FOLDER]);
    await app.db.update(folders).set({ deductibleAmount: 12_000 }).where(eq(folders.id, folder.id));
    const alone = await admin.call('POST', `/api/quotation/${id}/issue`, { cessionOverride: OVERRIDE });
    expect([alone.statusCode, alone.json().message]).toEqual([409, deductibleForgotten(12_000)]);
    expect((await admin.read(id)).status).toBe('draft');

    const split = await admin.call('POST', `/api/quotation/${id}/deductible`);
    expect(split.statusCode).toBe(201);
    expect((await admin.read(split.json().id)).totalAmount).toBe(12_000);
    expect((await admin.read(id)).totalAmount).toBe(WORK_TTC - 12_000);
    const twice = await admin.call('POST', `/api/quotation/${id}/deductible`);
    expect([twice.statusCode, twice.json().message]).toEqual([409, DEDUCTIBLE_ALREADY_BILLED]);
    expect((await admin.issue(id, OVERRIDE)).status).toBe('issued');
  });

  it('is the garage’s own: another garage gets 404 and nothing changes', async () => {
    const folder = await createFolder(app, lyon);
    const id = await insurerInvoice(folder.id);
    await app.db.update(folders).set({ deductibleAmount: 10_000 }).where(eq(folders.id, folder.id));
    const stranger = await ownTestGarage(app);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/quotation/${id}/deductible`,
      headers: { cookie: stranger.cookie },
    });
    expect(answer.statusCode).toBe(404);
    expect((await admin.read(id)).splitPartner).toBeNull();
  });
});

const documentsOf = async (folderId: number) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingDocuments)
      .where(eq(billingDocuments.folderId, folderId))
  )[0]?.n;
