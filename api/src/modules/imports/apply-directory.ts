import type { ImportCounts, ImportMapping } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { insurers, products, suppliers } from '../../db/schema';
import { type Change, chunks, defined, differences, saveChanges } from './apply-shared';
import type { ImportProgress } from './progress';
import type { InsurerRow, ProductRow, SupplierRow } from './rows';

/*
 * Products, suppliers and insurers brought from the former software, into the garage's own catalogue and directories.
 * A product is found by its reference, else its Eurocode, else its name; a supplier by SIRET, else by name; an insurer
 * by SIREN, else by name (case ignored, as the directory's unique index). As for customers: equal rows are left
 * alone, what differs is updated with its previous values kept, the rest created.
 */

type Outcome = Omit<ImportCounts, 'rows' | 'refused'>;
type Entry = { id: number; [column: string]: unknown };

/** Only the columns the file maps: a default of the form (« 30 jours ») never overwrites what the garage set. */
const mapped = <T extends object>(values: T, mapping: ImportMapping): Partial<T> =>
  defined(
    Object.fromEntries(
      Object.entries(values).filter(([field]) => (mapping[field as keyof ImportMapping] ?? null) !== null),
    ) as Partial<T>,
  );

const STEPS = { supplier: 'Fournisseurs', insurer: 'Assureurs', product: 'Produits' } as const;

async function saveEntries<R>(
  tx: Transaction,
  target: {
    importId: number;
    progress: ImportProgress;
    entity: 'supplier' | 'insurer' | 'product';
    stored: Entry[];
    find: (row: R, stored: Entry[]) => Entry | undefined;
    /** What an update writes (`creating` false: only the file's columns) or an insert needs. */
    values: (row: R, creating: boolean) => Record<string, unknown>;
    update: (id: number, values: Record<string, unknown>) => Promise<unknown>;
    insert: (values: Record<string, unknown>[]) => Promise<{ id: number }[]>;
  },
  rows: readonly R[],
): Promise<Outcome> {
  const changes: Change[] = [];
  const created: Record<string, unknown>[] = [];
  let updated = 0;
  for (const [index, row] of rows.entries()) {
    target.progress.report(STEPS[target.entity], index + 1, rows.length);
    const stored = target.find(row, target.stored);
    if (!stored) {
      created.push(target.values(row, true));
      continue;
    }
    const values = target.values(row, false);
    const previous = differences(stored, values);
    if (!previous) continue;
    await target.update(stored.id, values);
    changes.push({
      importId: target.importId,
      entity: target.entity,
      entityId: stored.id,
      action: 'updated',
      previous,
    });
    updated += 1;
  }
  for (const slice of chunks(created)) {
    for (const { id } of await target.insert(slice)) {
      changes.push({
        importId: target.importId,
        entity: target.entity,
        entityId: id,
        action: 'created',
        previous: null,
      });
    }
  }
  await saveChanges(tx, changes, target.progress);
  return { created: created.length, updated, unchanged: rows.length - created.length - updated };
}

const sameName = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export async function applySuppliers(
  tx: Transaction,
  { companyId, importId, progress }: { companyId: number; importId: number; progress: ImportProgress },
  rows: readonly SupplierRow[],
  mapping: ImportMapping,
): Promise<Outcome> {
  return saveEntries(
    tx,
    {
      importId,
      progress,
      entity: 'supplier',
      stored: await tx.select().from(suppliers).where(eq(suppliers.companyId, companyId)),
      find: (row, stored) =>
        (row.siret ? stored.find((entry) => entry.siret === row.siret) : undefined) ??
        stored.find((entry) => sameName(entry.name, row.name)),
      values: (row) => ({ ...mapped(row, mapping), name: row.name }),
      update: (id, values) => tx.update(suppliers).set(values).where(eq(suppliers.id, id)),
      insert: (values) =>
        tx
          .insert(suppliers)
          .values(values.map((entry) => ({ ...(entry as { name: string }), companyId })))
          .returning({ id: suppliers.id }),
    },
    rows,
  );
}

export async function applyInsurers(
  tx: Transaction,
  { companyId, importId, progress }: { companyId: number; importId: number; progress: ImportProgress },
  rows: readonly InsurerRow[],
  mapping: ImportMapping,
): Promise<Outcome> {
  return saveEntries(
    tx,
    {
      importId,
      progress,
      entity: 'insurer',
      stored: await tx.select().from(insurers).where(eq(insurers.companyId, companyId)),
      find: (row, stored) =>
        (row.siren ? stored.find((entry) => entry.siren === row.siren) : undefined) ??
        stored.find((entry) => sameName(entry.shortName, row.shortName)),
      // Without a legal name in the file, a new insurer takes its short name (valuesOf); a known one keeps its own.
      values: (row, creating) => ({
        ...mapped(row, mapping),
        shortName: row.shortName,
        ...(creating ? { legalName: row.legalName } : {}),
      }),
      update: (id, values) => tx.update(insurers).set(values).where(eq(insurers.id, id)),
      insert: (values) =>
        tx
          .insert(insurers)
          .values(values.map((entry) => ({ ...(entry as { shortName: string; legalName: string }), companyId })))
          .returning({ id: insurers.id }),
    },
    rows,
  );
}

export async function applyProducts(
  tx: Transaction,
  { companyId, importId, progress }: { companyId: number; importId: number; progress: ImportProgress },
  rows: readonly ProductRow[],
  mapping: ImportMapping,
): Promise<Outcome> {
  return saveEntries(
    tx,
    {
      importId,
      progress,
      entity: 'product',
      stored: await tx.select().from(products).where(eq(products.companyId, companyId)),
      find: (row, stored) =>
        (row.productCode ? stored.find((entry) => sameName(entry.productCode, row.productCode ?? '')) : undefined) ??
        (row.eurocode ? stored.find((entry) => entry.eurocode === row.eurocode) : undefined) ??
        stored.find((entry) => sameName(entry.name, row.name)),
      values: (row) => ({ ...mapped(row, mapping), name: row.name, price: row.price }),
      update: (id, values) => tx.update(products).set(values).where(eq(products.id, id)),
      insert: (values) =>
        tx
          .insert(products)
          .values(values.map((entry) => ({ ...(entry as { name: string; price: number }), companyId })))
          .returning({ id: products.id }),
    },
    rows,
  );
}
