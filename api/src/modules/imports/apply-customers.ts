import type { ImportCounts, ImportCustomerRow } from 'contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { customers, vehicles } from '../../db/schema';
import { BATCH, type Change, chunks, defined, differences, saveChanges } from './apply-shared';
import type { ImportProgress } from './progress';

/*
 * Saving checked rows into the garage's directory, inside the import's transaction. A row finds its customer by the
 * former software's id, else by e-mail, else as the owner of its plate; its vehicle by plate. What is equal is left
 * alone (a second import of the same file changes nothing), what differs is updated with its previous columns kept,
 * the rest created; every write is recorded in `import_changes` for the undo.
 */

type CustomerRow = typeof customers.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type CustomerValues = Partial<
  Pick<CustomerRow, 'externalId' | 'civility' | 'firstName' | 'phone' | 'email' | 'address' | 'postalCode' | 'city'>
> &
  Pick<CustomerRow, 'lastName'>;
type VehicleValues = Partial<Pick<VehicleRow, 'brand' | 'model' | 'vin' | 'mileage'>>;

const customerValues = (row: ImportCustomerRow): CustomerValues =>
  defined({
    externalId: row.externalId,
    civility: row.civility,
    lastName: row.lastName,
    firstName: row.firstName,
    phone: row.phone?.replace(/[\s.]/g, ''),
    email: row.email,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
  });
const vehicleValues = (row: ImportCustomerRow): VehicleValues =>
  defined({ brand: row.brand, model: row.model, vin: row.vin?.toUpperCase(), mileage: row.mileage });

/** The garage's customers and vehicles the rows may name, read at once (in slices the drivers accept). */
async function existing(tx: Transaction, companyId: number, rows: readonly ImportCustomerRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))];
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))];
  const plates = [...new Set(rows.map((row) => row.plate))];
  const byCompany = eq(customers.companyId, companyId);
  const found: CustomerRow[] = [];
  for (const slice of chunks(ids))
    found.push(
      ...(await tx
        .select()
        .from(customers)
        .where(and(byCompany, inArray(customers.externalId, slice)))),
    );
  for (const slice of chunks(emails))
    found.push(
      ...(await tx
        .select()
        .from(customers)
        .where(and(byCompany, inArray(customers.email, slice)))),
    );
  const cars: VehicleRow[] = [];
  for (const slice of chunks(plates)) {
    cars.push(
      ...(await tx
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.companyId, companyId), inArray(vehicles.plate, slice)))),
    );
  }
  const owners = [...new Set(cars.map((car) => car.customerId))];
  for (const slice of chunks(owners))
    found.push(...(await tx.select().from(customers).where(inArray(customers.id, slice))));
  return {
    customers: new Map(found.map((row) => [row.id, row])),
    vehicles: new Map(cars.map((car) => [car.plate, car])),
  };
}

/** One import's writes: what it changed (for the undo) and what each row did. */
interface Run {
  tx: Transaction;
  companyId: number;
  importId: number;
  progress: ImportProgress;
  changes: Change[];
  outcome: Map<number, 'created' | 'updated'>;
}

const mark = (run: Run, index: number, action: 'created' | 'updated') => {
  if (run.outcome.get(index) !== 'created') run.outcome.set(index, action);
};

type Known = Awaited<ReturnType<typeof existing>>;
type NewCustomer = { values: CustomerValues };

/** The stored customer a row names: by former id, else e-mail, else as its plate's owner. */
function storedCustomer(
  row: ImportCustomerRow,
  known: Known,
  byExternal: Map<string, CustomerRow>,
  byEmail: Map<string, CustomerRow>,
) {
  const car = known.vehicles.get(row.plate);
  return (
    (row.externalId ? byExternal.get(row.externalId) : undefined) ??
    (row.email ? byEmail.get(row.email) : undefined) ??
    (car ? known.customers.get(car.customerId) : undefined)
  );
}

/** Customers: one per former id or e-mail, the file's first row giving its columns. Answers each row's customer id. */
async function saveCustomers(run: Run, rows: readonly ImportCustomerRow[], known: Known) {
  const byExternal = new Map<string, CustomerRow>();
  const byEmail = new Map<string, CustomerRow>();
  for (const row of known.customers.values()) {
    if (row.externalId) byExternal.set(row.externalId, row);
    if (row.email) byEmail.set(row.email, row);
  }
  const created: NewCustomer[] = [];
  const pendingByKey = new Map<string, NewCustomer>();
  const ownerOf: (CustomerRow | NewCustomer)[] = [];
  const touched = new Set<number>();
  for (const [index, row] of rows.entries()) {
    run.progress.report('Clients', index + 1, rows.length);
    const values = customerValues(row);
    const stored = storedCustomer(row, known, byExternal, byEmail);
    if (stored) {
      ownerOf[index] = stored;
      if (touched.has(stored.id)) continue;
      touched.add(stored.id);
      const previous = differences(stored, values);
      if (!previous) continue;
      await run.tx
        .update(customers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(customers.id, stored.id));
      run.changes.push({
        importId: run.importId,
        entity: 'customer',
        entityId: stored.id,
        action: 'updated',
        previous,
      });
      mark(run, index, 'updated');
      continue;
    }
    const key = row.externalId ? `id:${row.externalId}` : row.email ? `mail:${row.email}` : null;
    const pending = (key && pendingByKey.get(key)) || { values };
    if (pending.values === values) {
      if (key) pendingByKey.set(key, pending);
      created.push(pending);
      mark(run, index, 'created');
    }
    ownerOf[index] = pending;
  }
  const ids = new Map<NewCustomer, number>();
  for (const [at, slice] of chunks(created).entries()) {
    const inserted = await run.tx
      .insert(customers)
      .values(slice.map((entry) => ({ ...entry.values, companyId: run.companyId })))
      .returning({ id: customers.id });
    slice.forEach((entry, at) => {
      const id = inserted[at]?.id;
      if (id === undefined) throw new Error('customer not created');
      ids.set(entry, id);
      run.changes.push({ importId: run.importId, entity: 'customer', entityId: id, action: 'created', previous: null });
    });
    run.progress.report('Nouveaux clients', Math.min((at + 1) * BATCH, created.length), created.length);
  }
  return (index: number) => {
    const owner = ownerOf[index];
    const id = owner && ('id' in owner ? owner.id : ids.get(owner));
    if (id === undefined) throw new Error(`row ${index} without customer`);
    return id;
  };
}

/** Vehicles: by plate; a vehicle that changed owner in the former software changes here too. */
async function saveVehicles(
  run: Run,
  rows: readonly ImportCustomerRow[],
  known: Known,
  customerIdOf: (index: number) => number,
) {
  const created: (VehicleValues & { plate: string; customerId: number; companyId: number })[] = [];
  for (const [index, row] of rows.entries()) {
    run.progress.report('Véhicules', index + 1, rows.length);
    const values = { ...vehicleValues(row), customerId: customerIdOf(index) };
    const stored = known.vehicles.get(row.plate);
    if (!stored) {
      created.push({ ...values, plate: row.plate, companyId: run.companyId });
      mark(run, index, 'created');
      continue;
    }
    const previous = differences(stored, values);
    if (!previous) continue;
    await run.tx
      .update(vehicles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(vehicles.id, stored.id));
    run.changes.push({ importId: run.importId, entity: 'vehicle', entityId: stored.id, action: 'updated', previous });
    mark(run, index, 'updated');
  }
  for (const [at, slice] of chunks(created).entries()) {
    const ids = await run.tx.insert(vehicles).values(slice).returning({ id: vehicles.id });
    for (const { id } of ids) {
      run.changes.push({ importId: run.importId, entity: 'vehicle', entityId: id, action: 'created', previous: null });
    }
    run.progress.report('Nouveaux véhicules', Math.min((at + 1) * BATCH, created.length), created.length);
  }
}

/** Saves the rows; answers what each did. `importId` names the changes for the undo. */
export async function applyRows(
  tx: Transaction,
  target: { companyId: number; importId: number; progress: ImportProgress },
  rows: readonly ImportCustomerRow[],
): Promise<Omit<ImportCounts, 'rows' | 'refused'>> {
  const known = await existing(tx, target.companyId, rows);
  const run: Run = { tx, ...target, changes: [], outcome: new Map() };
  const customerIdOf = await saveCustomers(run, rows, known);
  await saveVehicles(run, rows, known, customerIdOf);
  await saveChanges(tx, run.changes, run.progress);
  const actions = [...run.outcome.values()];
  const created = actions.filter((action) => action === 'created').length;
  const updated = actions.length - created;
  return { created, updated, unchanged: rows.length - created - updated };
}
