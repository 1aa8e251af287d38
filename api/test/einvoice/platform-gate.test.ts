import { EINVOICING_ADDRESS_INVALID } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, folders, insurers } from '../../src/db/schema';
import type { EInvoice } from '../../src/modules/billing/einvoice/model';
import { platformRefusals } from '../../src/modules/billing/einvoice/platform-rules';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';

/* Issue refuses what an approved platform would reject, naming the rule, before anything is numbered. */

const party = (values: Partial<EInvoice['seller']> = {}): EInvoice['seller'] => ({
  name: 'Garage',
  tradeName: '',
  siren: '823456789',
  siret: '82345678900017',
  vatNumber: 'FR12823456789',
  taxRegistration: '',
  legalInfo: '',
  address: { line: '1 rue', postcode: '69001', city: 'Lyon', country: 'FR' },
  electronicAddress: { scheme: '0225', id: '823456789' },
  ...values,
});
const invoice = (values: Partial<EInvoice> = {}): EInvoice => ({
  number: 'F-2026-00001',
  typeCode: '380',
  issueDay: '2026-11-28',
  saleDay: '2026-11-28',
  dueDay: '2026-12-28',
  billingFramework: 'M1',
  notes: [{ subject: 'BAR', content: 'B2B' }],
  buyerReference: '',
  seller: party(),
  buyer: party({ siren: '775709702', electronicAddress: { scheme: '0225', id: '775709702' } }),
  lines: [],
  taxes: [{ category: 'S', rate: 20, base: 10_000, tax: 2_000, exemptionReason: '' }],
  totals: { lines: 10_000, tax: 2_000, grand: 12_000, prepaid: 0, due: 12_000 },
  taxPointCode: null,
  paymentTerms: '',
  iban: '',
  preceding: null,
  ...values,
});

describe('the platform rules checked at issue', () => {
  it('take a complete invoice', () => {
    expect(platformRefusals(invoice())).toEqual([]);
  });

  it('name each rule a platform would break', () => {
    expect(platformRefusals(invoice({ seller: party({ siren: '', electronicAddress: null }) }))).toEqual([
      'SIREN du vendeur manquant (BR-FR-10)',
      'adresse électronique du vendeur manquante (BR-FR-13)',
    ]);
    expect(platformRefusals(invoice({ buyer: party({ siren: '' }) }))).toEqual([
      'SIREN de l’acheteur manquant (BR-FR-11)',
    ]);
    expect(
      platformRefusals(
        invoice({ buyer: party({ siren: '775709702', electronicAddress: { scheme: '0225', id: '823456789' } }) }),
      ),
    ).toEqual(['adresse électronique de l’acheteur : schéma 0225, commençant par son SIREN (BR-FR-21)']);
    expect(
      platformRefusals(invoice({ seller: party({ electronicAddress: { scheme: '0225', id: '823456789 garage@x' } }) })),
    ).toEqual([
      'adresse électronique du vendeur invalide : lettres, chiffres, « - », « _ » ou « . », 125 au plus (BR-FR-23)',
    ]);
    expect(platformRefusals(invoice({ seller: party({ vatNumber: '' }) }))).toEqual([
      'n° de TVA intracommunautaire du vendeur manquant pour facturer la TVA (BR-S-02)',
    ]);
    expect(platformRefusals(invoice({ typeCode: '381', dueDay: null }))).toEqual([
      'facture corrigée par l’avoir introuvable (BR-FR-CO-05)',
    ]);
  });

  it('leave a private customer without an e-mail alone: their invoice is e-reported, not sent', () => {
    const b2c = invoice({
      notes: [{ subject: 'BAR', content: 'B2C' }],
      buyer: party({ siren: '', electronicAddress: null }),
    });
    expect(platformRefusals(b2c)).toEqual([]);
  });
});

describe('issuing an invoice a platform would refuse', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ testRoutes: true });
  });
  afterAll(() => app.close());

  it('is refused with the rule, and takes no number', async () => {
    const garage = await ownTestGarage(app);
    const api = billing(app, garage.cookie);
    // A garage outside VAT (art. 293 B) that bills a line at 20 %: no VAT number to put on the e-invoice.
    await app.db
      .update(companies)
      .set({ tvaNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' })
      .where(eq(companies.id, garage.companyId));
    const draft = await api.create('invoice', body({ lines: [line({ taxRate: 20 })] }));
    const refused = await api.call('POST', `/api/quotation/${draft}/issue`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Émission impossible, une plateforme de facturation électronique refuserait cette facture : n° de TVA intracommunautaire du vendeur manquant pour facturer la TVA (BR-S-02). Rien n’a été émis.',
    );
    expect(await api.read(draft)).toMatchObject({ status: 'draft', number: null });
    // At 0 % (the garage charges no VAT) it is issued, with the first number of the series: none was lost.
    await api.call('PUT', `/api/quotation/${draft}`, body({ lines: [line({ taxRate: 0 })] }));
    const issued = await api.issue(draft);
    expect(issued.number).toMatch(/^F-\d{4}-00001$/);
  });

  it('takes the garage’s electronic address from « Ma société », checked there, and an insurer’s from the directory', async () => {
    const garage = await ownTestGarage(app);
    const api = billing(app, garage.cookie);
    const profileUrl = `/api/company/${garage.companyId}/profile`;
    const profile = (await api.call('GET', profileUrl)).json();
    const refused = await api.call('PUT', profileUrl, { ...profile, einvoicingAddress: '0225:garage des essais' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, EINVOICING_ADDRESS_INVALID]);
    const siren = String(profile.siret).slice(0, 9);
    const saved = await api.call('PUT', profileUrl, { ...profile, einvoicingAddress: `0225:${siren}_FACTURES` });
    expect(saved.statusCode, saved.body).toBe(200);
    const invoice = await api.issue(await api.create('invoice', body()));
    const xml = (await api.call('GET', `/api/quotation/${invoice.id}/einvoice`)).body;
    expect(xml).toContain(`<ram:URIID schemeID="0225">${siren}_FACTURES</ram:URIID>`);

    // The folder's insurer receives at the address of its directory entry.
    const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: garage.email } });
    const folder = created.json() as { id: number };
    const [entry] = await app.db
      .select({ id: insurers.id, siren: insurers.siren })
      .from(insurers)
      .innerJoin(folders, eq(folders.insurerId, insurers.id))
      .where(eq(folders.id, folder.id));
    if (!entry) throw new Error('the test folder has no insurer entry');
    await app.db
      .update(insurers)
      .set({ einvoicingAddress: `${entry.siren}_SINISTRES` })
      .where(eq(insurers.id, entry.id));
    const draft = await api.create('invoice', body({ folderId: folder.id, billTo: 'insurer', customer: null }));
    const toInsurer = await api.issue(draft, 'Accord de l’assureur par téléphone');
    const insurerXml = (await api.call('GET', `/api/quotation/${toInsurer.id}/einvoice`)).body;
    expect(insurerXml).toMatch(
      new RegExp(`<ram:BuyerTradeParty>[\\s\\S]*<ram:URIID schemeID="0225">${entry.siren}_SINISTRES</ram:URIID>`),
    );
  });
});
