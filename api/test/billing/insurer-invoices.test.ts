import {
  CESSION_REQUIRED_REFUSAL,
  INSURER_INVOICE_DEDUCTIBLE_FIRST,
  INSURER_INVOICE_NEEDS_CESSION,
  INSURER_INVOICE_NEEDS_CLAIM,
  INSURER_INVOICE_NEEDS_FOLDER,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderHistory, folders } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
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

  it('cite the cession signed in the folder, and the insured’s deductible invoice issued first', async () => {
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
    const early = await issue(insurerInvoice);
    expect([early.statusCode, early.json().message]).toEqual([409, INSURER_INVOICE_DEDUCTIBLE_FIRST]);
    const deductible = await api.issue(customerInvoice);
    const issued = await api.issue(insurerInvoice);
    expect(issued.insurerMentions).toMatchObject({
      deductible: { amount: 10_000, invoiceNumber: deductible.number },
      cession: { signedBy: 'Hélène Testeur' },
      cessionOverride: null,
    });
    // The insurer's share and the insured's deductible make the quote, to the cent.
    expect(issued.totalAmount + deductible.totalAmount).toBe((await api.read(quote)).totalAmount);
    const text = await pdf(insurerInvoice);
    const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    expect(text).toContain(`Franchise à la charge de l’assuré : 100,00 € (facture n° ${deductible.number})`);
    expect(text).toContain(`Facture établie en vertu de la cession de créance signée le ${today} par Hélène Testeur.`);
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
