import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, folders, franchises } from '../../src/db/schema';
import { parisDay } from '../../src/modules/billing/documents/numbering';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { billing, body, line } from './fixtures';

/*
 * What every line and document prints (CGI 242 nonies A, arrêté du 2 mars 1990): the unit of each line and
 * its unit price before tax (also typed tax-inclusive), a part's origin, labour's hourly rate, the vehicle with its
 * mileage, the buyer's reference, the sale date from the intervention, the exemption reason of a 0 % line, and a
 * franchisee's « entreprise indépendante » line.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

async function folder(values: Partial<typeof folders.$inferInsert> = {}) {
  const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: garage.email } });
  expect(created.statusCode).toBe(201);
  const { id, plate } = created.json() as { id: number; plate: string };
  if (Object.keys(values).length > 0) await app.db.update(folders).set(values).where(eq(folders.id, id));
  return { id, plate };
}
const pdf = async (id: number) => pdfText((await api.call('GET', `/api/quotation/${id}/pdf`)).rawPayload);

describe('line and document mentions', () => {
  it('a tax-inclusive repair invoice prints units, unit prices before tax, origins, hourly rate, vehicle, reference and the work’s day', async () => {
    const workedAt = new Date(Date.now() - 3 * 86_400_000);
    const { id: folderId, plate } = await folder({ mileage: 84_512, appointmentAt: workedAt });
    const draft = await api.create(
      'invoice',
      body({
        folderId,
        taxInclusive: true,
        buyerReference: 'BC-2026-118',
        lines: [
          line({ title: 'Pare-brise Clio V', preTaxAmount: '394,80', unit: 'C62', partOrigin: 'equivalent' }),
          line({ title: 'Pose pare-brise', quantity: 1.5, preTaxAmount: '78,00', unit: 'HUR', position: 2 }),
        ],
      }),
    );
    const issued = await api.issue(draft);
    expect(issued.saleDate).toBe(parisDay(workedAt));
    expect(issued.buyerReference).toBe('BC-2026-118');
    expect(issued.vehicleMentions).toEqual({
      plate: expect.any(String),
      vehicle: 'Renault Clio V',
      vin: '',
      mileage: 84_512,
    });
    expect(issued.lines.map((each) => [each.unit, each.partOrigin])).toEqual([
      ['C62', 'equivalent'],
      ['HUR', null],
    ]);
    const text = await pdf(draft);
    for (const expected of [
      'Unité',
      'PU HT',
      'PU TTC',
      'pièce',
      'heure',
      '329,00 €', // 394,80 TTC at 20 %: 329,00 HT
      '65,00 €', // 78,00 TTC at 20 %
      'Pièce neuve de qualité équivalente',
      'Taux horaire de main-d’œuvre : 65,00 € HT',
      `Immatriculation ${issued.vehicleMentions?.plate}`,
      'Kilométrage : 84 512 km',
      'Votre référence : BC-2026-118',
      `Date de la vente ou de la prestation : ${parisDay(workedAt).split('-').reverse().join('/')}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(plate).toBeTruthy();
  });

  it('an issue before the appointment keeps the issue day as the sale date; an unread mileage says so', async () => {
    const { id: folderId } = await folder({ mileage: null, appointmentAt: new Date(Date.now() + 5 * 86_400_000) });
    const issued = await api.issue(await api.create('invoice', body({ folderId })));
    expect(issued.saleDate).toBe(parisDay(new Date()));
    expect(await pdf(issued.id)).toContain('Kilométrage : non relevé');
  });

  it('a 0 % line needs its exemption reason to be issued, and prints it', async () => {
    const lines = [line(), line({ title: 'Frais de carte grise', taxRate: 0, preTaxAmount: '13,76', position: 2 })];
    const without = await api.create('invoice', body({ lines }));
    const refused = await api.call('POST', `/api/quotation/${without}/issue`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Émission impossible, mentions obligatoires manquantes sur le document : le motif d’exonération des lignes à 0 % de TVA. Rien n’a été émis.',
    ]);
    expect((await api.read(without)).status).toBe('draft');
    const reason = 'Débours : frais engagés au nom et pour le compte du client (art. 267 II 2° du CGI)';
    const issued = await api.issue(await api.create('invoice', body({ lines, exemptionReason: reason })));
    expect(await pdf(issued.id)).toContain(`TVA à 0 % : ${reason}`);
  });

  it('a franchisee says it is an independent member of its network; the head office does not', async () => {
    const [network] = await app.db.insert(franchises).values({ name: 'Réseau Essai Vitrage' }).returning();
    const member = eq(companies.id, garage.companyId);
    await app.db.update(companies).set({ franchiseId: network?.id }).where(member);
    try {
      const text = await pdf((await api.issue(await api.create('invoice', body()))).id);
      // The seller's column wraps it: compare the words.
      expect(text.replace(/\s+/g, ' ')).toContain('Entreprise indépendante, membre du réseau Réseau Essai Vitrage');
      await app.db.update(companies).set({ networkHeadOffice: true }).where(member);
      expect(await pdf((await api.issue(await api.create('invoice', body()))).id)).not.toContain('membre du réseau');
    } finally {
      await app.db.update(companies).set({ franchiseId: null, networkHeadOffice: false }).where(member);
    }
  });

  it('an insurer invoice’s reference is the claim number unless another is typed', async () => {
    const { id: folderId } = await folder();
    const [claim] = await app.db
      .select({ claimNumber: folders.claimNumber })
      .from(folders)
      .where(eq(folders.id, folderId));
    const draft = await api.create(
      'invoice',
      body({ folderId, billTo: 'insurer', customer: null, lines: [line({ preTaxAmount: '500,00' })] }),
    );
    const issued = await api.issue(draft, 'Cession signée sur papier, scan à venir');
    expect(issued.buyerReference).toBe(claim?.claimNumber);
    expect(await pdf(draft)).toContain(`Votre référence : ${claim?.claimNumber}`);
  });

  it('refuses an unknown unit or part origin in French, and keeps the draft as it was', async () => {
    const draft = await api.create('invoice', body());
    const answer = await api.call('PUT', `/api/quotation/${draft}`, body({ lines: [line({ unit: 'KGM' as 'C62' })] }));
    expect([answer.statusCode, answer.json().message]).toEqual([400, expect.stringContaining('Unité inconnue')]);
    const origin = await api.call(
      'PUT',
      `/api/quotation/${draft}`,
      body({ lines: [line({ partOrigin: 'volée' as 'oem' })] }),
    );
    expect(origin.json().message).toContain('Origine de pièce inconnue');
    expect((await api.read(draft)).lines.map((each) => each.unit)).toEqual(['C62']);
  });
});
