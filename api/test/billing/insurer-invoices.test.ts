import {
  CESSION_REQUIRED_REFUSAL,
  INSURER_INVOICE_NEEDS_CESSION,
  INSURER_INVOICE_NEEDS_CLAIM,
  INSURER_INVOICE_NEEDS_FOLDER,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, folderHistory, folders } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfFlatText, pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/* Invoices an insurer pays: the claim they settle, and the signed cession they rest on, or a reason. */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

/** A folder of the garage: MAIF, claim and policy numbers, Hélène Testeur's Renault Clio V. */
async function folder() {
  const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: garage.email } });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; plate: string; number: string };
}

/** A draft invoice to the folder's insurer (the buyer filled from the folder: the insurer's head office). */
const insurerDraft = (folderId: number | null, euros = '500,00') =>
  api.create('invoice', body({ folderId, billTo: 'insurer', customer: null, lines: [line({ preTaxAmount: euros })] }));

const issue = (id: number, cessionOverride?: string) =>
  api.call('POST', `/api/quotation/${id}/issue`, cessionOverride === undefined ? undefined : { cessionOverride });
const pdf = async (id: number) => pdfText((await api.call('GET', `/api/quotation/${id}/pdf`)).rawPayload);
const flatPdf = async (id: number) => pdfFlatText((await api.call('GET', `/api/quotation/${id}/pdf`)).rawPayload);

describe('insurer invoices', () => {
  it('need a folder with its claim and policy numbers', async () => {
    const orphan = await api.create(
      'invoice',
      body({ billTo: 'insurer', customer: { name: 'MAIF', isBusiness: true, siren: '775709702' } }),
    );
    expect((await issue(orphan, 'Pas de dossier')).json().message).toBe(INSURER_INVOICE_NEEDS_FOLDER);
    const noClaim = await folder();
    await app.db.update(folders).set({ policyNumber: null }).where(eq(folders.id, noClaim.id));
    const draft = await insurerDraft(noClaim.id);
    const refused = await issue(draft, 'Motif quelconque');
    expect([refused.statusCode, refused.json().message]).toEqual([409, INSURER_INVOICE_NEEDS_CLAIM]);
  });

  it('are refused without a signed cession, then issued with a reason written in the folder’s history', async () => {
    const { id: folderId, plate } = await folder();
    const draft = await insurerDraft(folderId);
    const refused = await issue(draft);
    expect([refused.statusCode, refused.json().message]).toEqual([409, INSURER_INVOICE_NEEDS_CESSION]);
    // The page recognises this refusal by its kind, not by its French text.
    expect(refused.json().refusal).toBe(CESSION_REQUIRED_REFUSAL);
    expect((await api.read(draft)).status).toBe('draft');
    expect((await issue(draft, 'ok')).statusCode).toBe(400);

    const issued = await issue(draft, 'Assuré injoignable, accord de l’assureur par téléphone <b>ce jour</b>');
    expect(issued.statusCode).toBe(200);
    const { number, insurerMentions } = issued.json();
    expect(insurerMentions).toMatchObject({ plate, insuredName: 'Hélène Testeur', cession: null, deductible: null });
    const [entry] = await app.db
      .select()
      .from(folderHistory)
      .where(and(eq(folderHistory.folderId, folderId), eq(folderHistory.kind, 'cession_override')));
    expect(entry).toMatchObject({
      newValue: number,
      content: 'Assuré injoignable, accord de l’assureur par téléphone &#60;b&#62;ce jour&#60;/b&#62;',
    });
    const text = await pdf(draft);
    for (const expected of [
      'MAIF',
      '200 avenue Salvador Allende',
      '79000 Niort',
      'SIREN 775709702',
      'Sinistre n° SIN-TEST-',
      'Contrat n° MAI-TEST-',
      'Assuré : Hélène Testeur',
      'Véhicule : Renault Clio V',
      `Immatriculation ${plate}`,
      'Travaux réalisés le',
      'Lieu : 3 rue des Essais 69007 Lyon',
      'Facture émise sans cession de créance signée. Motif : Assuré injoignable',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('cite the cession signed in the folder, and are issued with the insured’s deductible invoice, each citing the other', async () => {
    const { id: folderId } = await folder();
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
    const [customerInvoice, insurerInvoice] = await api.invoice(quote, '100,00');
    if (!customerInvoice || !insurerInvoice) throw new Error('no split');
    // Issuing the insurer's issues the insured's too: consecutive numbers, the insured's first.
    const issued = await api.issue(insurerInvoice);
    const deductible = await api.read(customerInvoice);
    expect(deductible.status).toBe('issued');
    const [first, second] = [deductible.number, issued.number].map((number) => Number(number?.split('-').pop()));
    expect(second).toBe((first as number) + 1);
    expect(issued.insurerMentions).toMatchObject({
      deductible: { amount: 10_000, invoiceNumber: deductible.number },
      cession: { signedBy: 'Hélène Testeur' },
      cessionOverride: null,
      // One date for the job: the sale date both invoices print.
      workDate: issued.saleDate,
    });
    expect(deductible.saleDate).toBe(issued.saleDate);
    expect(deductible.insurerShare).toEqual({
      insurerName: 'MAIF',
      claimNumber: issued.insurerMentions?.claimNumber,
      invoiceNumber: issued.number,
      amount: issued.totalAmount,
      workTotal: 72_000,
    });
    // The insurer's share and the insured's deductible make the quote, to the cent.
    expect(issued.totalAmount + deductible.totalAmount).toBe((await api.read(quote)).totalAmount);
    const text = await flatPdf(insurerInvoice);
    const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    expect(text).toContain(
      `Montant total des travaux : 720,00 € TTC — Franchise à la charge de l’assuré : 100,00 € (facture n° ${deductible.number}) — Part de l’assureur : 620,00 €`,
    );
    expect(text).toContain(`Facture établie en vertu de la cession de créance signée le ${today} par Hélène Testeur.`);
    const insuredText = await flatPdf(customerInvoice);
    expect(insuredText).toContain(
      `Montant total des travaux : 720,00 € TTC, dont 620,00 € à la charge de MAIF (facture n° ${issued.number})`,
    );
  });

  it('issued alone, an insured’s invoice issued before the pairs were issued together is still cited', async () => {
    const { id: folderId } = await folder();
    const quote = await api.create(
      'quotation',
      body({ folderId, customer: null, lines: [line({ preTaxAmount: '300,00' })] }),
    );
    const [customerInvoice, insurerInvoice] = await api.invoice(quote, '50,00');
    if (!customerInvoice || !insurerInvoice) throw new Error('no split');
    // An older pair: the insured's invoice issued on its own, its link made afterwards.
    await app.db
      .update(billingDocuments)
      .set({ deductibleInvoiceId: null })
      .where(eq(billingDocuments.id, insurerInvoice));
    const alone = await api.issue(customerInvoice);
    expect(alone.insurerShare).toBeNull();
    await app.db
      .update(billingDocuments)
      .set({ deductibleInvoiceId: customerInvoice })
      .where(eq(billingDocuments.id, insurerInvoice));
    const issued = await api.issue(insurerInvoice, 'Cession signée sur papier, scan à venir');
    expect(issued.insurerMentions?.deductible).toEqual({ amount: 5_000, invoiceNumber: alone.number });
    expect((await api.read(customerInvoice)).number).toBe(alone.number);
  });

  it('keep another garage out: a stranger cannot issue them, even with a reason', async () => {
    const { id: folderId } = await folder();
    const draft = await insurerDraft(folderId);
    const stranger = await ownTestGarage(app);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/quotation/${draft}/issue`,
      headers: { cookie: stranger.cookie },
      payload: { cessionOverride: 'Je ne suis pas du garage' },
    });
    expect(answer.statusCode).toBe(404);
    expect((await api.read(draft)).status).toBe('draft');
  });
});
