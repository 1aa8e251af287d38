import { type CustomerMatch, customerMatchesSchema, customerTakeoverSchema } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, folderHistory, vehicles } from '../../src/db/schema';
import { uniquePlate } from '../../test-support/folder-fixture';
import { createTestApp, ownTestGarage } from '../helpers';
import { createFolder } from './fixtures';

/*
 * « Déjà connu dans ce garage » on « Nouveau client »: the garage's customers sharing the typed plate, phone, e-mail or
 * name, from its folders and its imported customer file, without their contact details; « Reprendre » gives them, a
 * past folder's logged in its history; another garage's customers are never found.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

type Garage = Awaited<ReturnType<typeof ownTestGarage>>;
const find = async (garage: Garage, query: Record<string, string>) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/customer/matches?${new URLSearchParams(query)}`,
    headers: { cookie: garage.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return customerMatchesSchema.parse(response.json()).matches;
};
const take = (garage: Garage, match: Pick<CustomerMatch, 'source' | 'id'>) =>
  app.inject({
    method: 'POST',
    url: `/api/customer/matches/${match.source}/${match.id}`,
    headers: { cookie: garage.cookie },
  });

async function importedCustomer(companyId: number, plate: string) {
  const [customer] = await app.db
    .insert(customers)
    .values({
      companyId,
      lastName: 'Benoît',
      firstName: 'Zoé',
      phone: '+33 6 98 76 54 32',
      email: 'Zoe.Benoit@exemple.fr',
      address: '2 place des Terreaux',
      postalCode: '69001',
      city: 'Lyon',
    })
    .returning();
  if (!customer) throw new Error('customer');
  await app.db.insert(vehicles).values({
    companyId,
    customerId: customer.id,
    plate,
    brand: 'Renault',
    model: 'Clio',
    vin: 'VF1RJA00123456789',
    mileage: 12_000,
  });
  return customer;
}

describe('known customers of « Nouveau client »', () => {
  it('finds a past folder by its plate however typed, and an imported customer by phone, e-mail or name', async () => {
    const garage = await ownTestGarage(app);
    const folderPlate = uniquePlate();
    const folder = await createFolder(app, garage.companyId, {
      plate: folderPlate,
      lastName: 'Lambert',
      firstName: 'Sophie',
      phone: '0611223399',
    });
    const importedPlate = uniquePlate().replace(/-/g, '');
    const customer = await importedCustomer(garage.companyId, importedPlate);

    const byPlate = await find(garage, { plate: folderPlate.toLowerCase().replace(/-/g, ' ') });
    expect(byPlate).toEqual([
      expect.objectContaining({
        source: 'folder',
        id: folder.id,
        folderNumber: folder.number,
        matchedOn: ['plate'],
        lastName: 'Lambert',
      }),
    ]);
    // No contact details in the matches.
    expect(JSON.stringify(byPlate)).not.toContain('0611223399');

    expect(await find(garage, { phone: '06 98 76 54 32' })).toEqual([
      expect.objectContaining({
        source: 'directory',
        id: customer.id,
        matchedOn: ['phone'],
        vehicle: { plate: importedPlate, brand: 'Renault', model: 'Clio' },
      }),
    ]);
    expect((await find(garage, { email: 'zoe.benoit@EXEMPLE.fr' }))[0]).toMatchObject({
      id: customer.id,
      matchedOn: ['email'],
    });
    expect((await find(garage, { lastName: 'benoit' }))[0]).toMatchObject({ id: customer.id, matchedOn: ['name'] });
    // Too little typed to compare: nothing.
    expect(await find(garage, { phone: '0698', lastName: 'be', plate: 'AB' })).toEqual([]);
  });

  it('« Reprendre » gives the details and the vehicle; a past folder’s contact access is written in its history', async () => {
    const garage = await ownTestGarage(app);
    const folder = await createFolder(app, garage.companyId, { lastName: 'Lambert', firstName: 'Sophie' });
    const customer = await importedCustomer(garage.companyId, uniquePlate().replace(/-/g, ''));

    const fromFolder = await take(garage, { source: 'folder', id: folder.id });
    expect(fromFolder.statusCode, fromFolder.body).toBe(200);
    expect(customerTakeoverSchema.parse(fromFolder.json())).toMatchObject({
      lastName: 'Lambert',
      phone: folder.phone,
      plate: folder.plate,
    });
    const logged = await app.db
      .select({ field: folderHistory.field })
      .from(folderHistory)
      .where(and(eq(folderHistory.folderId, folder.id), eq(folderHistory.kind, 'contact')));
    expect(logged.map((row) => row.field).sort()).toEqual(['address', 'mail', 'phone']);

    const fromFile = await take(garage, { source: 'directory', id: customer.id });
    expect(fromFile.json()).toMatchObject({
      lastName: 'Benoît',
      email: 'Zoe.Benoit@exemple.fr',
      vin: 'VF1RJA00123456789',
      mileage: 12_000,
    });
  });

  it('another garage finds none of them and cannot take them over', async () => {
    const [mine, other] = await Promise.all([ownTestGarage(app), ownTestGarage(app)]);
    const plate = uniquePlate();
    const folder = await createFolder(app, mine.companyId, { plate, phone: '0677889900' });
    const customer = await importedCustomer(mine.companyId, uniquePlate().replace(/-/g, ''));
    expect(await find(other, { plate, phone: '0677889900', email: 'zoe.benoit@exemple.fr' })).toEqual([]);
    expect((await take(other, { source: 'folder', id: folder.id })).statusCode).toBe(404);
    expect((await take(other, { source: 'directory', id: customer.id })).statusCode).toBe(404);
  });
});

describe('the imported customer file on the customer and vehicle pages', () => {
  it('shows the vehicle a former software knew, even before any folder, and the customer beside their folders', async () => {
    const garage = await ownTestGarage(app);
    const plate = uniquePlate().replace(/-/g, '');
    await importedCustomer(garage.companyId, plate);
    const vehicle = await app.inject({
      method: 'GET',
      url: `/api/vehicle/${plate}`,
      headers: { cookie: garage.cookie },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    expect(vehicle.json()).toMatchObject({
      vehicle: { plate, vehicle: 'Renault Clio', vin: 'VF1RJA00123456789' },
      folders: [],
      imported: [{ name: 'Benoît Zoé', city: 'Lyon', vehicles: [{ plate, mileage: 12_000 }] }],
    });
    // The same customer came in since: their folder's page shows the file's entry (same phone).
    const folder = await createFolder(app, garage.companyId, { lastName: 'Benoît', phone: '06 98 76 54 32' });
    const customer = await app.inject({
      method: 'GET',
      url: `/api/customer/${folder.id}`,
      headers: { cookie: garage.cookie },
    });
    expect(customer.json().imported).toEqual([expect.objectContaining({ name: 'Benoît Zoé' })]);
    // No contact detail on either page.
    expect(vehicle.body + customer.body).not.toContain('98 76');

    const other = await ownTestGarage(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/vehicle/${plate}`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
  });
});
