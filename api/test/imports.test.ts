import { type Import, importListSchema, importSchema, withLuhnKey } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, insurers, products, suppliers, vehicles } from '../src/db/schema';
import { createTestApp, login, multipart, ownTestGarage } from './helpers';

/*
 * « Import depuis l’ancien logiciel »: a former software's customers-and-vehicles export read whatever its encoding and
 * separator, its columns guessed, each row checked by the new-folder form's rules, a dry run that writes nothing, the
 * import in one transaction, a second import that changes nothing, and an undo.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

type Garage = { companyId: number; cookie: string };

const HEADER =
  'Code client;Civilité;Nom;Prénom;Tél portable;E-mail;Adresse;CP;Ville;Immatriculation;Marque;Modèle;Kilométrage';
const LINES = [
  'C001;Monsieur;Lefèvre;Hélène;06 12 34 56 78;helene.lefevre@exemple.fr;3 rue de la Forêt;69003;Lyon;ab-123-cd;Peugeot;308;45 210',
  'C002;Mme;Benoît;Zoé;+33 6 98 76 54 32;zoe@exemple.fr;;1000;Bourg;EF456GH;Renault;Clio;',
  'C002;Mme;Benoît;Zoé;+33 6 98 76 54 32;zoe@exemple.fr;;1000;Bourg;JK-789-LM;Dacia;Sandero;12000',
  'C003;M.;Garnier;Luc;0478;luc@exemple.fr;;69001;Lyon;NP-111-QR;Fiat;Panda;',
  'C004;;Roux;;;pas-une-adresse;;;;ST-222-UV;;;',
  'C005;Sté;Transports Rhône;;0472000000;;;69007;Lyon;123 ABC 69;Iveco;Daily;',
  'C001;M.;Lefèvre;Hélène;;;;;;AB-123-CD;;;',
];
/** The export as French garage software writes it: Windows-1252, semicolons, CRLF. */
const csv = (lines = LINES) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'latin1');

async function upload(garage: Garage, bytes: Buffer, name = 'clients.csv', kind = 'customers'): Promise<Import> {
  const form = await multipart({ kind, file: new Blob([new Uint8Array(bytes)]) }, name);
  const response = await app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...form.headers, cookie: garage.cookie },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return importSchema.parse(response.json());
}
const act = async (garage: Garage, draft: Import, action: 'check' | 'run', expected = 200) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/imports/${draft.id}/${action}`,
    headers: { cookie: garage.cookie },
    payload: { mapping: draft.mapping },
  });
  expect(response.statusCode, response.body).toBe(expected);
  return response.statusCode === 200 ? importSchema.parse(response.json()) : response.json();
};
const undo = (garage: Garage, id: number) =>
  app.inject({ method: 'POST', url: `/api/imports/${id}/undo`, headers: { cookie: garage.cookie } });
const directory = async (companyId: number) => ({
  customers: await app.db.select().from(customers).where(eq(customers.companyId, companyId)),
  vehicles: await app.db.select().from(vehicles).where(eq(vehicles.companyId, companyId)),
});

describe('import from the former software', () => {
  it('reads the file, guesses the columns, and previews the rows as they will be saved', async () => {
    const garage = await ownTestGarage(app);
    const draft = await upload(garage, csv());
    expect(draft).toMatchObject({ status: 'draft', encoding: 'Windows-1252', delimiter: ';', fileName: 'clients.csv' });
    expect(draft.headers[1]).toBe('Civilité');
    expect(draft.mapping).toMatchObject({ externalId: 0, civility: 1, lastName: 2, firstName: 3, phone: 4, email: 5 });
    expect(draft.mapping).toMatchObject({
      postalCode: 7,
      city: 8,
      plate: 9,
      brand: 10,
      model: 11,
      mileage: 12,
      vin: null,
    });
    expect(draft.counts).toMatchObject({ rows: 7, created: 0 });
    expect(draft.preview[0]).toEqual({
      line: 2,
      values: expect.objectContaining({
        civility: 'M.',
        lastName: 'Lefèvre',
        phone: '06 12 34 56 78',
        plate: 'ab-123-cd',
      }),
      reason: null,
    });
    // The old software's spellings become the form's: +33, a 4-digit postal code.
    expect(draft.preview[1]?.values).toMatchObject({ phone: '06 98 76 54 32', postalCode: '01000' });
    expect(draft.preview[3]?.reason).toBe('Le numéro de téléphone doit contenir 10 chiffres');
    // Nothing is saved by an upload.
    expect((await directory(garage.companyId)).customers).toEqual([]);
  });

  it('checks by a dry run that writes nothing, imports in one go, and a second import of the file changes nothing', async () => {
    const garage = await ownTestGarage(app);
    const draft = await upload(garage, csv());
    const checked = await act(garage, draft, 'check');
    expect(checked.counts).toEqual({ rows: 7, created: 3, updated: 0, unchanged: 0, refused: 4 });
    expect(checked.refusals).toEqual([
      { line: 5, reason: 'Le numéro de téléphone doit contenir 10 chiffres' },
      { line: 6, reason: 'Adresse e-mail invalide' },
      { line: 7, reason: 'Immatriculation invalide : format AB-123-CD' },
      { line: 8, reason: 'Immatriculation déjà présente ligne 2' },
    ]);
    expect((await directory(garage.companyId)).customers).toEqual([]);

    const done = await act(garage, draft, 'run');
    expect(done).toMatchObject({ status: 'imported', counts: checked.counts, undoable: true });
    const saved = await directory(garage.companyId);
    expect(saved.customers.map((row) => [row.externalId, row.lastName, row.phone, row.postalCode]).sort()).toEqual([
      ['C001', 'Lefèvre', '0612345678', '69003'],
      ['C002', 'Benoît', '0698765432', '01000'],
    ]);
    expect(saved.vehicles.map((row) => [row.plate, row.brand, row.mileage]).sort()).toEqual([
      ['AB123CD', 'Peugeot', 45210],
      ['EF456GH', 'Renault', null],
      ['JK789LM', 'Dacia', 12000],
    ]);
    // One customer, two vehicles: Zoé Benoît's two cars share her row.
    const zoe = saved.customers.find((row) => row.externalId === 'C002');
    expect(saved.vehicles.filter((row) => row.customerId === zoe?.id)).toHaveLength(2);
    // A draft imported is not imported again.
    await act(garage, draft, 'run', 409);

    const again = await act(garage, await upload(garage, csv()), 'run');
    expect(again.counts).toEqual({ rows: 7, created: 0, updated: 0, unchanged: 3, refused: 4 });
    expect(await directory(garage.companyId)).toEqual(saved);
  });

  it('updates what changed, and undoes an import as a whole: the newest first', async () => {
    const garage = await ownTestGarage(app);
    const first = await act(garage, await upload(garage, csv()), 'run');
    const moved = LINES.map((line) => line.replace('06 12 34 56 78', '07 00 00 00 01').replace('Clio', 'Clio V'));
    const second = await act(garage, await upload(garage, csv([...moved, 'C009;;Nouveau;;;;;;;XY-999-ZZ;;;'])), 'run');
    expect(second.counts).toMatchObject({ created: 1, updated: 2, unchanged: 1 });
    const after = await directory(garage.companyId);
    expect(after.customers.find((row) => row.externalId === 'C001')?.phone).toBe('0700000001');

    const refused = await undo(garage, first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Un import plus récent du même genre est en vigueur : annulez-le d’abord');

    const undone = await undo(garage, second.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', undoable: false });
    const restored = await directory(garage.companyId);
    expect(restored.customers.find((row) => row.externalId === 'C001')?.phone).toBe('0612345678');
    expect(restored.vehicles.find((row) => row.plate === 'EF456GH')?.model).toBe('Clio');
    expect(restored.customers.some((row) => row.lastName === 'Nouveau')).toBe(false);

    expect((await undo(garage, first.id)).statusCode).toBe(200);
    expect(await directory(garage.companyId)).toEqual({ customers: [], vehicles: [] });
    expect((await undo(garage, first.id)).statusCode).toBe(409);
  });

  it('refuses a file that is no table and a mapping without the required columns, in French', async () => {
    const garage = await ownTestGarage(app);
    const form = await multipart({ file: new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1])]) }, 'x.pdf');
    const response = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...form.headers, cookie: garage.cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Fichier illisible');
    const draft = await upload(garage, csv());
    const noPlate = await app.inject({
      method: 'POST',
      url: `/api/imports/${draft.id}/check`,
      headers: { cookie: garage.cookie },
      payload: { mapping: { ...draft.mapping, plate: null } },
    });
    expect(noPlate.statusCode).toBe(400);
    expect(noPlate.json().message).toBe('Colonnes à associer avant d’importer : Immatriculation');
  });

  it('one run of a draft at a time: two at once, one imports and the other is refused', async () => {
    const garage = await ownTestGarage(app);
    const draft = await upload(garage, csv());
    const statuses = await Promise.all(
      [0, 1].map(() =>
        app.inject({
          method: 'POST',
          url: `/api/imports/${draft.id}/run`,
          headers: { cookie: garage.cookie },
          payload: { mapping: draft.mapping },
        }),
      ),
    );
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await directory(garage.companyId)).vehicles).toHaveLength(3);
  });

  it('keeps each garage’s imports to itself, and to its admins', async () => {
    const owner = await ownTestGarage(app);
    const draft = await upload(owner, csv());
    const other = await ownTestGarage(app);
    for (const url of [`/api/imports/${draft.id}`, `/api/imports/${draft.id}/file`]) {
      expect((await app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    }
    await act(other, draft, 'run', 404);
    const list = importListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/imports', headers: { cookie: other.cookie } })).json(),
    );
    expect(list.data.some((item) => item.id === draft.id)).toBe(false);
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await app.inject({ method: 'GET', url: '/api/imports', headers: { cookie: fitter } })).statusCode).toBe(
      403,
    );
    const file = await app.inject({
      method: 'GET',
      url: `/api/imports/${draft.id}/file`,
      headers: { cookie: owner.cookie },
    });
    expect(file.rawPayload.equals(csv())).toBe(true);
  });
});

describe('suppliers and insurers from the former software', () => {
  const siren = withLuhnKey('55208131');
  const siret = withLuhnKey(`${siren}0001`);

  it('brings suppliers by the supplier form’s rules, found again by SIRET, and undoes them', async () => {
    const garage = await ownTestGarage(app);
    const file = Buffer.from(
      `Fournisseur;SIRET;Contact;E-mail;CP;Ville\r\nVitres de Lyon;${siret};Jean;achats@vitres.fr;69007;Lyon\r\n` +
        'Pièces Sud;123;;;13001;Marseille\r\nColles Pro;;;contact@colles.fr;;\r\n',
      'latin1',
    );
    const draft = await upload(garage, file, 'fournisseurs.csv', 'suppliers');
    expect(draft).toMatchObject({
      kind: 'suppliers',
      mapping: { name: 0, siret: 1, contactName: 2, email: 3, postalCode: 4, city: 5 },
    });
    const done = await act(garage, draft, 'run');
    expect(done.counts).toEqual({ rows: 3, created: 2, updated: 0, unchanged: 0, refused: 1 });
    expect(done.refusals).toEqual([
      { line: 3, reason: 'Numéro SIRET invalide : 14 chiffres, clé de contrôle incorrecte' },
    ]);
    const saved = await app.db.select().from(suppliers).where(eq(suppliers.companyId, garage.companyId));
    expect(saved.map((row) => [row.name, row.siret, row.paymentTerms]).sort()).toEqual([
      ['Colles Pro', null, '30 jours'],
      ['Vitres de Lyon', siret, '30 jours'],
    ]);
    // Renamed in the former software, the same SIRET: updated, not duplicated.
    const renamed = Buffer.from(`Fournisseur;SIRET\r\nVitres de Lyon SAS;${siret}\r\n`, 'latin1');
    const again = await act(garage, await upload(garage, renamed, 'fournisseurs.csv', 'suppliers'), 'run');
    expect(again.counts).toMatchObject({ created: 0, updated: 1 });
    const updated = await app.db.select().from(suppliers).where(eq(suppliers.siret, siret));
    expect(updated.map((row) => [row.name, row.email])).toEqual([['Vitres de Lyon SAS', 'achats@vitres.fr']]);
    expect((await undo(garage, again.id)).statusCode).toBe(200);
    expect((await undo(garage, done.id)).statusCode).toBe(200);
    expect(await app.db.select().from(suppliers).where(eq(suppliers.companyId, garage.companyId))).toEqual([]);
  });

  it('brings insurers, finding the garage’s own entry by name, a new one’s legal name its name', async () => {
    const garage = await ownTestGarage(app);
    const before = await app.db.select().from(insurers).where(eq(insurers.companyId, garage.companyId));
    const known = before[0];
    const lines = [
      'Assureur;SIREN;E-mail sinistres',
      `${known ? known.shortName.toUpperCase() : 'MAIF'};${siren};sinistres@assureur.fr`,
      'Mutuelle du Rhône;;',
      'Sans clé;123456789;',
    ];
    const draft = await upload(garage, Buffer.from(lines.join('\r\n'), 'latin1'), 'assureurs.csv', 'insurers');
    expect(draft.mapping).toMatchObject({ shortName: 0, siren: 1, email: 2, legalName: null });
    const done = await act(garage, draft, 'run');
    expect(done.refusals).toEqual([{ line: 4, reason: 'SIREN invalide : 9 chiffres, clé de contrôle incorrecte' }]);
    const after = await app.db.select().from(insurers).where(eq(insurers.companyId, garage.companyId));
    const created = after.find((row) => row.shortName === 'Mutuelle du Rhône');
    expect(created?.legalName).toBe('Mutuelle du Rhône');
    if (known) {
      // The garage's own entry, found by its name whatever the case, keeps its legal name and gets the SIREN.
      expect(after.find((row) => row.id === known.id)).toMatchObject({ siren, legalName: known.legalName });
      expect(after).toHaveLength(before.length + 1);
    }
    expect((await undo(garage, done.id)).statusCode).toBe(200);
    const restored = await app.db.select().from(insurers).where(eq(insurers.companyId, garage.companyId));
    expect(restored.map((row) => [row.id, row.siren]).sort()).toEqual(before.map((row) => [row.id, row.siren]).sort());
  });

  it('brings products by the product form’s rules, found again by reference, and keeps those a document uses', async () => {
    const garage = await ownTestGarage(app);
    const lines = [
      'Référence;Désignation;Eurocode;Prix HT;TVA',
      'PB-01;Pare-brise Clio IV;2436AGNMV1B;189,90 €;20',
      'J-02;Joint de pare-brise;;12,5;5,5 %',
      'X-03;Sans prix;;;20',
      'X-04;Taux inconnu;;10;19,6',
    ];
    // Windows-1252 writes the euro sign as 0x80 (Latin-1 has none).
    const file = Buffer.from(lines.join('\r\n').replace('€', '\x80'), 'latin1');
    const draft = await upload(garage, file, 'articles.csv', 'products');
    expect(draft.mapping).toMatchObject({ productCode: 0, name: 1, eurocode: 2, price: 3, vatRate: 4 });
    const done = await act(garage, draft, 'run');
    expect(done.counts).toEqual({ rows: 4, created: 2, updated: 0, unchanged: 0, refused: 2 });
    expect(done.refusals.map((refusal: { line: number }) => refusal.line)).toEqual([4, 5]);
    const saved = await app.db.select().from(products).where(eq(products.companyId, garage.companyId));
    expect(saved.map((row) => [row.productCode, row.price, row.vatRate, row.eurocode]).sort()).toEqual([
      ['J-02', 1250, 5.5, null],
      ['PB-01', 18990, 20, '2436AGNMV1B'],
    ]);
    const again = await act(garage, await upload(garage, file, 'articles.csv', 'products'), 'run');
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    // A quote now uses the windscreen: undoing would take it from the quote, so the import stays.
    const windscreen = saved.find((row) => row.productCode === 'PB-01');
    const quote = await app.inject({
      method: 'POST',
      url: '/api/quotation/new/quotation',
      headers: { cookie: garage.cookie },
      payload: {
        customer: { name: 'Client', address: '1 rue A', postalCode: '69001', city: 'Lyon' },
        lines: [
          {
            title: 'Pare-brise',
            quantity: 1,
            preTaxAmount: '189,90',
            position: 1,
            taxRate: 20,
            productId: windscreen?.id,
          },
        ],
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await undo(garage, again.id)).statusCode).toBe(200);
    const kept = await undo(garage, done.id);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(
      'Des documents, des stocks, des règlements ou des relances utilisent déjà ce que l’import a créé : il ne s’annule plus',
    );
    expect(await app.db.select().from(products).where(eq(products.companyId, garage.companyId))).toHaveLength(2);
  });

  it('refuses an unknown kind', async () => {
    const garage = await ownTestGarage(app);
    const form = await multipart({ kind: 'produits', file: new Blob([new Uint8Array(csv())]) }, 'x.csv');
    const response = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...form.headers, cookie: garage.cookie },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Genre d’import inconnu : clients, produits, fournisseurs, assureurs ou factures impayées',
    );
  });
});
