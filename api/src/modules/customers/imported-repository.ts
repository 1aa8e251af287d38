import type { ImportedCustomer } from 'contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, customers, vehicles } from '../../db/schema';

/*
 * The customer files the caller's garages imported from their former software (api/src/modules/imports), as the
 * customer and vehicle pages show them beside the folders: who the customer was there and which vehicles they had.
 */

const LIMIT = 20;

async function importedWhere(db: Database, companyIds: readonly number[], which: SQL): Promise<ImportedCustomer[]> {
  const found = await db
    .selectDistinct({ id: customers.id })
    .from(customers)
    .leftJoin(vehicles, eq(vehicles.customerId, customers.id))
    .where(and(inArray(customers.companyId, [...companyIds]), which))
    .limit(LIMIT);
  if (found.length === 0) return [];
  const rows = await db
    .select({
      customer: customers,
      garage: sql<string>`coalesce(${companies.tradeName}, ${companies.name})`,
      vehicle: vehicles,
    })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .leftJoin(vehicles, eq(vehicles.customerId, customers.id))
    .where(
      inArray(
        customers.id,
        found.map((row) => row.id),
      ),
    )
    .orderBy(asc(customers.id), asc(vehicles.id));
  const byCustomer = new Map<number, ImportedCustomer>();
  for (const { customer, garage, vehicle } of rows) {
    const entry = byCustomer.get(customer.id) ?? {
      garage,
      name: [customer.civility, customer.lastName, customer.firstName].filter(Boolean).join(' '),
      city: customer.city,
      vehicles: [],
      importedAt: customer.createdAt.toISOString(),
    };
    if (vehicle)
      entry.vehicles.push({
        plate: vehicle.plate,
        vehicle: [vehicle.brand, vehicle.model].filter(Boolean).join(' '),
        vin: vehicle.vin,
        mileage: vehicle.mileage,
      });
    byCustomer.set(customer.id, entry);
  }
  return [...byCustomer.values()];
}

/** The imported customers sharing a phone (its last nine digits) or an e-mail. */
export function importedByContact(
  db: Database,
  companyIds: readonly number[],
  contact: { phone: string; email: string | undefined },
) {
  const same: SQL[] = [];
  if (contact.phone.length === 9)
    same.push(sql`right(regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g'), 9) = ${contact.phone}`);
  if (contact.email) same.push(sql`lower(trim(${customers.email})) = ${contact.email}`);
  if (same.length === 0) return Promise.resolve([]);
  return importedWhere(db, companyIds, or(...same) as SQL);
}

/** The imported customers who had this vehicle (plate as letters and digits, or VIN). */
export function importedByVehicle(db: Database, companyIds: readonly number[], plateOrVin: string) {
  return importedWhere(
    db,
    companyIds,
    or(eq(vehicles.plate, plateOrVin), sql`upper(${vehicles.vin}) = ${plateOrVin}`) as SQL,
  );
}
