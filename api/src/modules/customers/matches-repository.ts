import {
  type CustomerMatch,
  type CustomerMatchesQuery,
  type CustomerMatchKey,
  type CustomerTakeover,
  isSivPlate,
  normalizePlate,
} from 'contracts';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { customers, folderHistory, folders, vehicles } from '../../db/schema';

/*
 * « Déjà connu dans ce garage »: the garage's customers sharing what « Nouveau client » typed, from its past folders and
 * from the customer file it imported. A plate compares letters and digits, a phone its last nine digits, an e-mail
 * without case, a name without accents or case (a whole last name, three letters at least).
 */

const LIMIT = 5;
const phoneKeyOf = (phone: string | undefined) => (phone ?? '').replace(/\D/g, '').slice(-9);
const digitsKey = (column: unknown) => sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 9)`;
const plateKey = (column: unknown) => sql`regexp_replace(upper(coalesce(${column}, '')), '[^A-Z0-9]', '', 'g')`;

interface Keys {
  plate: string | null;
  phone: string | null;
  email: string | null;
  name: string | null;
}

/** What is worth comparing of what was typed: a whole plate, nine digits of a phone, an e-mail, a name. */
function keysOf(query: CustomerMatchesQuery): Keys {
  const plate = query.plate && isSivPlate(query.plate) ? normalizePlate(query.plate) : null;
  const phone = phoneKeyOf(query.phone).length === 9 ? phoneKeyOf(query.phone) : null;
  const email = query.email?.includes('@') ? query.email.toLowerCase() : null;
  const name = query.lastName && query.lastName.length >= 3 ? query.lastName : null;
  return { plate, phone, email, name };
}

function matchedOn(
  keys: Keys,
  row: { plate: string | null; phone: string | null; email: string | null; nameKey: boolean },
) {
  const on: CustomerMatchKey[] = [];
  if (keys.plate && row.plate && normalizePlate(row.plate) === keys.plate) on.push('plate');
  if (keys.phone && phoneKeyOf(row.phone ?? '') === keys.phone) on.push('phone');
  if (keys.email && (row.email ?? '').toLowerCase() === keys.email) on.push('email');
  if (row.nameKey) on.push('name');
  return on;
}

const sameName = (column: unknown, name: string) => sql`search_fold(${column}) = search_fold(${name})`;

async function folderMatches(db: Database, companyId: number, keys: Keys): Promise<CustomerMatch[]> {
  const conditions: SQL[] = [];
  if (keys.plate) conditions.push(sql`${plateKey(folders.plate)} = ${keys.plate}`);
  if (keys.phone) conditions.push(sql`${digitsKey(folders.phone)} = ${keys.phone}`);
  if (keys.email) conditions.push(sql`lower(${folders.email}) = ${keys.email}`);
  if (keys.name) conditions.push(sameName(folders.lastName, keys.name));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: folders.id,
      number: folders.number,
      civility: folders.civility,
      firstName: folders.firstName,
      lastName: folders.lastName,
      city: folders.city,
      plate: folders.plate,
      brand: folders.brand,
      model: folders.model,
      phone: folders.phone,
      email: folders.email,
      nameKey: keys.name ? sameName(folders.lastName, keys.name).mapWith(Boolean) : sql<boolean>`false`,
    })
    .from(folders)
    .where(and(eq(folders.companyId, companyId), or(...conditions)))
    .orderBy(desc(folders.createdAt), desc(folders.id))
    .limit(LIMIT * 4);
  // One line per customer and vehicle: their newest folder.
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    const key = `${row.lastName}|${row.firstName}|${normalizePlate(row.plate)}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        source: 'folder' as const,
        id: row.id,
        folderNumber: row.number,
        matchedOn: matchedOn(keys, row),
        civility: row.civility,
        firstName: row.firstName,
        lastName: row.lastName,
        city: row.city,
        vehicle: { plate: row.plate, brand: row.brand, model: row.model },
      },
    ];
  });
}

async function directoryMatches(db: Database, companyId: number, keys: Keys): Promise<CustomerMatch[]> {
  const conditions: SQL[] = [];
  if (keys.plate) conditions.push(eq(vehicles.plate, keys.plate));
  if (keys.phone) conditions.push(sql`${digitsKey(customers.phone)} = ${keys.phone}`);
  if (keys.email) conditions.push(sql`lower(${customers.email}) = ${keys.email}`);
  if (keys.name) conditions.push(sameName(customers.lastName, keys.name));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: customers.id,
      civility: customers.civility,
      firstName: customers.firstName,
      lastName: customers.lastName,
      city: customers.city,
      phone: customers.phone,
      email: customers.email,
      plate: vehicles.plate,
      brand: vehicles.brand,
      model: vehicles.model,
      nameKey: keys.name ? sameName(customers.lastName, keys.name).mapWith(Boolean) : sql<boolean>`false`,
    })
    .from(customers)
    .leftJoin(vehicles, eq(vehicles.customerId, customers.id))
    .where(and(eq(customers.companyId, companyId), or(...conditions)))
    .orderBy(desc(customers.updatedAt), desc(customers.id))
    .limit(LIMIT * 4);
  return rows.map((row) => ({
    source: 'directory' as const,
    id: row.id,
    folderNumber: null,
    matchedOn: matchedOn(keys, row),
    civility: row.civility,
    firstName: row.firstName,
    lastName: row.lastName,
    city: row.city,
    vehicle: row.plate ? { plate: row.plate, brand: row.brand, model: row.model } : null,
  }));
}

/** The garage's known customers sharing what was typed, the strongest matches (plate, then more keys) first. */
export async function customerMatches(db: Database, companyId: number, query: CustomerMatchesQuery) {
  const keys = keysOf(query);
  const [past, imported] = await Promise.all([
    folderMatches(db, companyId, keys),
    directoryMatches(db, companyId, keys),
  ]);
  const weight = (match: CustomerMatch) => (match.matchedOn.includes('plate') ? 10 : 0) + match.matchedOn.length;
  return [...past, ...imported]
    .filter((match) => match.matchedOn.length > 0)
    .sort((a, b) => weight(b) - weight(a))
    .slice(0, LIMIT);
}

/**
 * What « Reprendre » fills. A past folder's contact details leave as its logged access does: one line of the folder's
 * history per detail taken. An imported customer's are the garage's own customer file.
 */
export async function customerTakeover(
  db: Database,
  scope: { companyId: number; userId: number },
  source: 'folder' | 'directory',
  id: number,
): Promise<CustomerTakeover | null> {
  if (source === 'directory') {
    const rows = await db
      .select({ customer: customers, vehicle: vehicles })
      .from(customers)
      .leftJoin(vehicles, eq(vehicles.customerId, customers.id))
      .where(and(eq(customers.id, id), eq(customers.companyId, scope.companyId)))
      .orderBy(desc(vehicles.updatedAt))
      .limit(1);
    const [row] = rows;
    if (!row) return null;
    const { customer, vehicle } = row;
    return {
      ...pick(customer),
      plate: vehicle?.plate ?? null,
      brand: vehicle?.brand ?? null,
      model: vehicle?.model ?? null,
      vin: vehicle?.vin ?? null,
      mileage: vehicle?.mileage ?? null,
    };
  }
  return db.transaction(async (tx) => {
    const [folder] = await tx
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), eq(folders.companyId, scope.companyId)));
    if (!folder) return null;
    const taken = (['phone', 'mail', 'address'] as const).filter((field) =>
      field === 'phone' ? folder.phone : field === 'mail' ? folder.email : folder.address || folder.city,
    );
    if (taken.length > 0)
      await tx.insert(folderHistory).values(
        taken.map((field) => ({
          folderId: id,
          companyId: folder.companyId,
          userId: scope.userId,
          kind: 'contact',
          field,
        })),
      );
    return {
      ...pick(folder),
      plate: folder.plate,
      brand: folder.brand,
      model: folder.model,
      vin: folder.vin,
      mileage: folder.mileage,
    };
  });
}

const pick = (row: {
  civility: string | null;
  firstName: string | null;
  lastName: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}) => ({
  civility: row.civility,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  email: row.email,
  address: row.address,
  postalCode: row.postalCode,
  city: row.city,
});
