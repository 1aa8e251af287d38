import { createHash } from 'node:crypto';
import {
  guessMapping,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  type Import,
  type ImportCounts,
  type ImportCustomerRow,
  type ImportKind,
  type ImportMapping,
  type ImportReceivableRow,
  type ImportRefusal,
} from 'contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, PubSub, Transaction } from '../../db';
import {
  billingDocumentLines,
  billingDocuments,
  customers,
  importChanges,
  imports,
  insurers,
  payments,
  products,
  recoveries,
  stockMovements,
  suppliers,
  vehicles,
} from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { readTable, type Table, UnreadableTable } from '../../lib/table-file';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/unique-violation';
import { applyRows } from './apply-customers';
import { applyInsurers, applyProducts, applySuppliers } from './apply-directory';
import { applyReceivables } from './apply-receivables';
import { chunks } from './apply-shared';
import { type ImportProgress, importProgress, unwatched } from './progress';
import {
  assertMapping,
  type CheckedRow,
  checkRows,
  type InsurerRow,
  type ProductRow,
  refusalsOf,
  type SupplierRow,
  valuesOf,
} from './rows';

type ImportRow = typeof imports.$inferSelect;
const PREVIEW_ROWS = 10;

/** The stored (or uploaded) file's table; a file that is no table is refused in French. */
export async function tableOf(bytes: Uint8Array): Promise<Table> {
  try {
    const table = await readTable(bytes);
    if (table.rows.length === 0) throw invalid(IMPORT_MESSAGES.unreadable);
    if (table.rows.length > IMPORT_MAX_ROWS) throw invalid(IMPORT_MESSAGES.tooMany);
    return table;
  } catch (error) {
    if (error instanceof UnreadableTable) throw invalid(IMPORT_MESSAGES.unreadable);
    throw error;
  }
}

const emptyCounts = (rows: number): ImportCounts => ({ rows, created: 0, updated: 0, unchanged: 0, refused: 0 });
const readyToCheck = (kind: ImportKind, mapping: ImportMapping) =>
  IMPORT_REQUIRED_FIELDS[kind].every((field) => (mapping[field] ?? null) !== null);

/** The import as the page shows it: the first rows read through its mapping, its counts and refusals. */
export function importView(row: ImportRow, table: Pick<Table, 'rows' | 'lines'>, undoable: boolean): Import {
  const kind = row.kind as ImportKind;
  const mapping = { ...guessMapping([], kind), ...row.mapping } as ImportMapping;
  const checked = readyToCheck(kind, mapping)
    ? checkRows(kind, { rows: table.rows.slice(0, PREVIEW_ROWS), lines: table.lines }, mapping)
    : [];
  return {
    id: row.id,
    kind,
    fileName: row.fileName,
    status: row.status,
    encoding: row.encoding,
    delimiter: row.delimiter,
    headers: row.headers,
    mapping,
    preview: table.rows.slice(0, PREVIEW_ROWS).map((cells, index) => {
      const line = table.lines[index] ?? index + 2;
      const check = checked[index];
      return {
        line,
        values: valuesOf(kind, cells, mapping) as Record<string, string>,
        reason: check && 'reason' in check ? check.reason : null,
      };
    }),
    counts: row.counts as ImportCounts,
    refusals: row.refusals,
    createdAt: row.createdAt.toISOString(),
    importedAt: row.importedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoable,
  };
}

/** The import with its preview, read again from its stored file; undoable while no later import is in force. */
export async function importWithPreview(db: Database, row: ImportRow): Promise<Import> {
  return importView(row, await tableOf(row.file), row.status === 'imported' && !(await laterImport(db, row)));
}

/** A new import: the file kept, read, its columns matched to the fields by their headers. */
export async function createDraft(
  db: Database | Transaction,
  draft: { companyId: number; userId: number | null; kind: ImportKind; fileName: string; bytes: Buffer },
): Promise<{ row: ImportRow; table: Table }> {
  const table = await tableOf(draft.bytes);
  const mapping = guessMapping(table.headers, draft.kind);
  const [row] = await db
    .insert(imports)
    .values({
      companyId: draft.companyId,
      kind: draft.kind,
      createdBy: draft.userId,
      fileName: draft.fileName,
      file: draft.bytes,
      fileSha256: createHash('sha256').update(draft.bytes).digest('hex'),
      encoding: table.encoding,
      delimiter: table.delimiter,
      headers: table.headers,
      mapping,
      counts: emptyCounts(table.rows.length),
    })
    .returning();
  if (!row) throw new Error('import not written');
  return { row, table };
}

/** One import of the caller's garages, or 404. */
export async function importOf(db: Database | Transaction, companyIds: readonly number[], id: number, lock = false) {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), inArray(imports.companyId, [...companyIds])));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

/** Whether a later import of the garage, still in force, could have built on this one's rows. */
export async function laterImport(db: Database | Transaction, row: ImportRow): Promise<boolean> {
  const [later] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.companyId, row.companyId),
        eq(imports.kind, row.kind),
        gt(imports.id, row.id),
        eq(imports.status, 'imported'),
      ),
    )
    .limit(1);
  return Boolean(later);
}

export async function listImports(db: Database, companyIds: readonly number[]) {
  return db
    .select()
    .from(imports)
    .where(inArray(imports.companyId, [...companyIds]))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(100);
}

type Applied = Omit<ImportCounts, 'rows' | 'refused'> & { refusals?: ImportRefusal[] };

/** The checked rows saved by their kind's rules; some kinds refuse rows only the database can judge. */
function applyChecked(
  tx: Transaction,
  draft: ImportRow,
  checked: CheckedRow[],
  mapping: ImportMapping,
  progress: ImportProgress,
): Promise<Applied> {
  const { companyId, id: importId } = draft;
  const kind = draft.kind as ImportKind;
  const valid = checked.flatMap((row) => ('row' in row ? [row] : []));
  const rows = valid.map((entry) => entry.row);
  if (kind === 'receivables') {
    const context = { companyId, importId, userId: draft.createdBy };
    return applyReceivables(tx, context, valid as { line: number; row: ImportReceivableRow }[], progress);
  }
  if (kind === 'products') return applyProducts(tx, { companyId, importId, progress }, rows as ProductRow[], mapping);
  if (kind === 'suppliers')
    return applySuppliers(tx, { companyId, importId, progress }, rows as SupplierRow[], mapping);
  if (kind === 'insurers') return applyInsurers(tx, { companyId, importId, progress }, rows as InsurerRow[], mapping);
  return applyRows(tx, { companyId, importId, progress }, rows as ImportCustomerRow[]);
}

/** A dry run's way out: everything it wrote is rolled back, its counts and refusals kept. */
class DryRun extends Error {
  constructor(
    readonly counts: Omit<ImportCounts, 'rows' | 'refused'>,
    readonly refusals: ImportRefusal[],
  ) {
    super('dry run');
  }
}

/** The file's refusals and the database's, by line. */
const allRefusals = (checked: ImportRefusal[], applied: ImportRefusal[] = []) =>
  [...checked, ...applied].sort((a, b) => a.line - b.line);

/**
 * Checks the rows with `mapping` and, in a transaction rolled back at its end, saves them: the counts are exactly
 * what the import would do (`dryRun`), or what it did (the import is then recorded, in the same transaction).
 * Answers the import as the page shows it, from the table already read.
 */
export async function checkOrRun(
  db: Database,
  companyIds: readonly number[],
  id: number,
  mapping: ImportMapping,
  options: { dryRun: boolean; watcher?: { pubsub: PubSub; userId: number } },
): Promise<Import> {
  const { dryRun, watcher } = options;
  const draft = await importOf(db, companyIds, id);
  if (draft.status !== 'draft') throw conflict(IMPORT_MESSAGES.notDraft);
  const kind = draft.kind as ImportKind;
  const progress = watcher
    ? importProgress(watcher.pubsub, { importId: id, companyId: draft.companyId, userId: watcher.userId })
    : unwatched;
  const table = await tableOf(draft.file);
  assertMapping(kind, mapping, table.headers.length);
  // Reading and checking every row takes a few seconds at 50,000 rows, before anything is written: said first.
  progress.report('Contrôle des lignes du fichier', 0, table.rows.length);
  const checked = checkRows(kind, table, mapping);
  const fileRefusals = refusalsOf(checked);
  const rows = table.rows.length;
  try {
    return await db.transaction(async (tx) => {
      const locked = await importOf(tx, companyIds, id, true);
      if (locked.status !== 'draft') throw conflict(IMPORT_MESSAGES.notDraft);
      const { refusals: applied, ...counts } = await applyChecked(tx, locked, checked, mapping, progress);
      const refusals = allRefusals(fileRefusals, applied);
      if (dryRun) throw new DryRun(counts, refusals);
      const [done] = await tx
        .update(imports)
        .set({
          status: 'imported',
          mapping,
          refusals,
          counts: { rows, refused: refusals.length, ...counts },
          importedAt: sql`now()`,
        })
        .where(eq(imports.id, id))
        .returning();
      if (!done) throw new Error('import vanished');
      // Just imported: the newest of its kind, so it may be undone. The file is not read a second time.
      return importView(done, table, true);
    });
  } catch (error) {
    // Two imports of one garage at once writing the same plate or former id: the second is told to check again.
    if (isUniqueViolation(error)) throw conflict(IMPORT_MESSAGES.concurrent);
    if (!(error instanceof DryRun)) throw error;
    const { refusals } = error;
    const [checkedRow] = await db
      .update(imports)
      .set({ mapping, refusals, counts: { rows, refused: refusals.length, ...error.counts } })
      .where(and(eq(imports.id, id), eq(imports.status, 'draft')))
      .returning();
    if (!checkedRow) throw conflict(IMPORT_MESSAGES.notDraft);
    return importView(checkedRow, table, false);
  }
}

const ENTITY_TABLES = {
  customer: customers,
  vehicle: vehicles,
  product: products,
  supplier: suppliers,
  insurer: insurers,
  receivable: billingDocuments,
} as const;
// Vehicles before their customers (a customer's own vehicles go with it anyway), products before their suppliers.
const DELETION_ORDER = ['vehicle', 'customer', 'product', 'supplier', 'insurer', 'receivable'] as const;

/**
 * Whether something was built on what the import created: a product on a document line or in the stock's history
 * (deleting it would take that history with it), a supplier named by a product, a payment or a recovery on an
 * opening balance (money received stays on what it settled).
 */
async function builtOn(
  tx: Transaction,
  created: (entity: 'product' | 'supplier' | 'receivable') => number[],
): Promise<boolean> {
  const checks = [
    ...chunks(created('receivable')).flatMap((slice) => [
      tx.select({ id: payments.id }).from(payments).where(inArray(payments.invoiceId, slice)).limit(1),
      tx.select({ id: recoveries.id }).from(recoveries).where(inArray(recoveries.documentId, slice)).limit(1),
    ]),
    ...chunks(created('product')).flatMap((slice) => [
      tx
        .select({ id: billingDocumentLines.id })
        .from(billingDocumentLines)
        .where(inArray(billingDocumentLines.productId, slice))
        .limit(1),
      tx
        .select({ id: stockMovements.id })
        .from(stockMovements)
        .where(inArray(stockMovements.productId, slice))
        .limit(1),
    ]),
    ...chunks(created('supplier')).map((slice) =>
      tx.select({ id: products.id }).from(products).where(inArray(products.supplierId, slice)).limit(1),
    ),
  ];
  for (const check of checks) if ((await check).length > 0) return true;
  return false;
}

/** Puts back what was updated, then deletes what was created. */
async function revertChanges(tx: Transaction, changes: (typeof importChanges.$inferSelect)[]) {
  const createdOf = (entity: keyof typeof ENTITY_TABLES) =>
    changes
      .filter((change) => change.entity === entity && change.action === 'created')
      .map((change) => change.entityId);
  if (await builtOn(tx, createdOf)) throw conflict(IMPORT_MESSAGES.builtOn);
  for (const change of changes.filter((entry) => entry.action === 'updated')) {
    const table = ENTITY_TABLES[change.entity];
    await tx
      .update(table)
      .set(change.previous ?? {})
      .where(eq(table.id, change.entityId));
  }
  for (const entity of DELETION_ORDER) {
    const table = ENTITY_TABLES[entity];
    const ids = changes
      .filter((change) => change.entity === entity && change.action === 'created')
      .map((change) => change.entityId);
    for (const slice of chunks(ids)) await tx.delete(table).where(inArray(table.id, slice));
  }
}

/** The undo's transaction: the import locked, its state checked, its changes reverted. */
const undoIn = (companyIds: readonly number[], id: number) => async (tx: Transaction) => {
  const row = await importOf(tx, companyIds, id, true);
  if (row.status === 'undone') throw conflict(IMPORT_MESSAGES.alreadyUndone);
  if (row.status !== 'imported') throw conflict(IMPORT_MESSAGES.notImported);
  if (await laterImport(tx, row)) throw conflict(IMPORT_MESSAGES.undoLater);
  await revertChanges(tx, await tx.select().from(importChanges).where(eq(importChanges.importId, id)));
  const [undone] = await tx
    .update(imports)
    .set({ status: 'undone', undoneAt: sql`now()` })
    .where(eq(imports.id, id))
    .returning();
  if (!undone) throw new Error('import vanished');
  return undone;
};

/** Deletes what the import created and puts back what it updated, while no later import is in force. */
export async function undoImport(db: Database, companyIds: readonly number[], id: number): Promise<ImportRow> {
  return db.transaction(undoIn(companyIds, id)).catch((error: unknown) => {
    // A product on a quote, a supplier on a purchase order since: the import stays.
    if (isForeignKeyViolation(error)) throw conflict(IMPORT_MESSAGES.builtOn);
    throw error;
  });
}
