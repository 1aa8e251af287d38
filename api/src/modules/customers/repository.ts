import type { CustomerHistory, HistoryFolder, ImportedCustomer, VehicleHistory } from 'contracts';
import { and, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, companies, folderDocuments, folderStatuses, folders, payments } from '../../db/schema';
import { iso } from '../../lib/iso-date';
import { importedByContact, importedByVehicle } from './imported-repository';

/** How many folders a customer's or a vehicle's page shows (the newest): a fleet can have hundreds. */
const FOLDER_LIMIT = 200;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'];

const vehicleOf = (row: { brand: string | null; model: string | null }) =>
  [row.brand, row.model].filter(Boolean).join(' ');
/** The last nine digits of a phone: 06 11 22 33 44, +33 6 11 22 33 44 and 0033611223344 are one number. */
const phoneKey = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-9);

type FolderRow = typeof folders.$inferSelect;

async function folderRows(
  db: Database,
  where: SQL,
): Promise<(FolderRow & { garage: string; statusLabel: string; statusColor: string })[]> {
  const rows = await db
    .select({
      folder: folders,
      garage: sql<string>`coalesce(${companies.tradeName}, ${companies.name})`,
      statusLabel: folderStatuses.label,
      statusColor: folderStatuses.color,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .where(where)
    .orderBy(desc(folders.createdAt), desc(folders.id))
    .limit(FOLDER_LIMIT);
  return rows.map(({ folder, ...rest }) => ({ ...folder, ...rest }));
}

const toHistoryFolder = (row: Awaited<ReturnType<typeof folderRows>>[number]): HistoryFolder => ({
  id: row.id,
  number: row.number,
  garage: row.garage,
  customer: `${row.lastName} ${row.firstName}`.trim(),
  plate: row.plate,
  vehicle: vehicleOf(row),
  status: { label: row.statusLabel, color: row.statusColor },
  createdAt: row.createdAt.toISOString(),
  appointmentAt: iso(row.appointmentAt),
  closedAt: iso(row.closedAt),
});

/** The quotes, invoices, credit notes, payments and photos of these folders (already in the caller's scope). */
async function pastOf(db: Database, rows: Awaited<ReturnType<typeof folderRows>>) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { folders: [], documents: [], payments: [], photos: [] };
  const [documents, paid, photos] = await Promise.all([
    db
      .select()
      .from(billingDocuments)
      .where(
        and(
          inArray(billingDocuments.folderId, ids),
          sql`${billingDocuments.type} in ('quotation', 'invoice', 'credit-note')`,
        ),
      )
      .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id)),
    db
      .select({ payment: payments, folderId: billingDocuments.folderId, invoiceNumber: billingDocuments.number })
      .from(payments)
      .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
      .where(inArray(billingDocuments.folderId, ids))
      .orderBy(desc(payments.paidOn), desc(payments.id)),
    db
      .select({
        id: folderDocuments.id,
        folderId: folderDocuments.folderId,
        name: folderDocuments.name,
        createdAt: folderDocuments.createdAt,
      })
      .from(folderDocuments)
      .where(and(inArray(folderDocuments.folderId, ids), inArray(folderDocuments.mimeType, PHOTO_TYPES)))
      .orderBy(desc(folderDocuments.createdAt), desc(folderDocuments.id))
      .limit(200),
  ]);
  return {
    folders: rows.map(toHistoryFolder),
    documents: documents.map((document) => ({
      id: document.id,
      folderId: document.folderId ?? 0,
      type: document.type as HistoryDocumentType,
      number: document.number,
      status: document.status as HistoryDocumentStatus,
      issuedAt: iso(document.issuedAt),
      createdAt: document.createdAt.toISOString(),
      totalAmount: document.totalAmount,
      paidAmount: document.paidAmount,
    })),
    payments: paid.map(({ payment, folderId, invoiceNumber }) => ({
      id: payment.id,
      folderId: folderId ?? 0,
      invoiceId: payment.invoiceId,
      invoiceNumber,
      amount: payment.amount,
      method: payment.method as HistoryPaymentMethod,
      paidOn: payment.paidOn,
    })),
    photos: photos.map((photo) => ({ ...photo, createdAt: photo.createdAt.toISOString() })),
  };
}
type HistoryDocumentType = CustomerHistory['documents'][number]['type'];
type HistoryDocumentStatus = CustomerHistory['documents'][number]['status'];
type HistoryPaymentMethod = CustomerHistory['payments'][number]['method'];

const inScope = (companyIds: readonly number[]) => inArray(folders.companyId, [...companyIds]);

/**
 * The customer of a folder of the caller's garages, and their past there: the folders sharing its phone number (the
 * last nine digits, found through the search index) or its e-mail; without either, the folder alone.
 */
export async function customerHistory(
  db: Database,
  companyIds: readonly number[],
  folderId: number,
): Promise<CustomerHistory | undefined> {
  if (companyIds.length === 0) return undefined;
  const [start] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), inScope(companyIds)));
  if (!start) return undefined;
  const phone = phoneKey(start.phone);
  const email = start.email?.trim().toLowerCase();
  const same: SQL[] = [eq(folders.id, start.id)];
  if (phone.length === 9) {
    same.push(
      and(
        like(folders.searchText, `%${phone}%`),
        sql`right(regexp_replace(coalesce(${folders.phone}, ''), '[^0-9]', '', 'g'), 9) = ${phone}`,
      ) as SQL,
    );
  }
  if (email) same.push(sql`lower(trim(${folders.email})) = ${email}`);
  const rows = await folderRows(db, and(inScope(companyIds), or(...same)) as SQL);
  const vehicles = new Map<string, { plate: string; vehicle: string; folderId: number }>();
  for (const row of rows) {
    if (!vehicles.has(row.plate))
      vehicles.set(row.plate, { plate: row.plate, vehicle: vehicleOf(row), folderId: row.id });
  }
  const oldest = new Date(Math.min(start.createdAt.getTime(), ...rows.map((row) => row.createdAt.getTime())));
  return {
    customer: {
      name: [start.civility, start.lastName, start.firstName].filter(Boolean).join(' '),
      since: oldest.toISOString(),
    },
    vehicles: [...vehicles.values()],
    imported: await importedByContact(db, companyIds, { phone, email }),
    ...(await pastOf(db, rows)),
  };
}

/** A vehicle of the caller's garages by its plate (letters and digits) or VIN, and its past there. */
export async function vehicleHistory(
  db: Database,
  companyIds: readonly number[],
  plateOrVin: string,
): Promise<VehicleHistory | undefined> {
  if (companyIds.length === 0) return undefined;
  const rows = await folderRows(
    db,
    and(
      inScope(companyIds),
      or(
        // The plate through the search index (its folded text holds the plate's letters and digits).
        and(like(folders.searchText, `%${plateOrVin.toLowerCase()}%`), eq(folders.plate, plateOrVin)),
        sql`upper(${folders.vin}) = ${plateOrVin}`,
      ),
    ) as SQL,
  );
  const [newest] = rows;
  const imported = await importedByVehicle(db, companyIds, plateOrVin);
  if (!newest) return importedOnly(plateOrVin, imported);
  const customers = new Map<string, { name: string; folderId: number }>();
  for (const row of rows) {
    const name = `${row.lastName} ${row.firstName}`.trim();
    if (!customers.has(name)) customers.set(name, { name, folderId: row.id });
  }
  return {
    vehicle: {
      plate: newest.plate,
      vehicle: vehicleOf(newest),
      vin: rows.find((row) => row.vin)?.vin ?? null,
    },
    customers: [...customers.values()],
    imported,
    ...(await pastOf(db, rows)),
  };
}

/** A vehicle no folder names yet, known from an imported customer file: its page says what the file said. */
function importedOnly(plateOrVin: string, imported: ImportedCustomer[]): VehicleHistory | undefined {
  const vehicle = imported
    .flatMap((entry) => entry.vehicles)
    .find((each) => each.plate === plateOrVin || each.vin?.toUpperCase() === plateOrVin);
  if (!vehicle) return undefined;
  return {
    vehicle: { plate: vehicle.plate, vehicle: vehicle.vehicle, vin: vehicle.vin },
    customers: [],
    imported,
    folders: [],
    documents: [],
    payments: [],
    photos: [],
  };
}
