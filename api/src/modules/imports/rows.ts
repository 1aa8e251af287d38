import {
  type CIVILITIES,
  IMPORT_FIELD_LABELS,
  IMPORT_KIND_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_ROW_SCHEMAS,
  type ImportCustomerRow,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportReceivableRow,
  type ImportRefusal,
  normalizePlate,
} from 'contracts';
import type { z } from 'zod';
import { invalid } from '../../lib/domain-error';
import type { Table } from '../../lib/table-file';

/*
 * The file's rows as the import saves them: each column given to its field by the mapping, the spellings former
 * software write turned into the form's (« Monsieur », +33 6…), then checked by the form's own rules (new folder,
 * supplier, insurer).
 */

export type ProductRow = z.output<typeof IMPORT_ROW_SCHEMAS.products>;
export type SupplierRow = z.output<typeof IMPORT_ROW_SCHEMAS.suppliers>;
export type InsurerRow = z.output<typeof IMPORT_ROW_SCHEMAS.insurers>;
export interface RowOf {
  customers: ImportCustomerRow;
  products: ProductRow;
  suppliers: SupplierRow;
  insurers: InsurerRow;
  receivables: ImportReceivableRow;
}
export type CheckedRow<K extends ImportKind = ImportKind> =
  | { line: number; row: RowOf[K] }
  | { line: number; reason: string };

const CIVILITY_SPELLINGS: Record<string, (typeof CIVILITIES)[number]> = {
  m: 'M.',
  mr: 'M.',
  monsieur: 'M.',
  mme: 'Mme',
  madame: 'Mme',
  mlle: 'Mme',
  mademoiselle: 'Mme',
  mrs: 'Mme',
  ms: 'Mme',
  ste: 'Société',
  societe: 'Société',
  sarl: 'Société',
  sas: 'Société',
  eurl: 'Société',
  sa: 'Société',
};

const bare = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** « 1 234,50 € » as the amount reader takes it: no sign of the currency, no thousands separator. */
const amountText = (value: string) => value.replace(/\s*€$/, '').replace(/[\s\u00a0\u202f]/g, '');

/** The old software's spelling of a field, as the form writes it; an unknown civility is left out, not refused. */
const SPELLINGS: Partial<Record<ImportField, (value: string) => string | undefined>> = {
  civility: (value) => CIVILITY_SPELLINGS[bare(value)],
  phone: (value) => value.replace(/^(\+33|0033)\s*\(?0?\)?\s*/, '0'),
  email: (value) => value.toLowerCase(),
  postalCode: (value) => (/^\d{4}$/.test(value) ? `0${value}` : value),
  mileage: (value) => value.replace(/[.,]\d*$/, '').replace(/\s*km$/i, ''),
  price: amountText,
  totalAmount: amountText,
  amountDue: amountText,
};

/** The values of one row per field of its kind, trimmed, as the preview shows them. */
export function valuesOf(
  kind: ImportKind,
  cells: readonly string[],
  mapping: ImportMapping,
): Partial<Record<ImportField, string>> {
  const values: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_KIND_FIELDS[kind]) {
    const index = mapping[field] ?? null;
    const raw = index === null ? '' : (cells[index] ?? '').trim();
    if (raw === '') continue;
    const spell = SPELLINGS[field];
    const spelled = spell ? spell(raw) : raw;
    if (spelled !== undefined && spelled !== '') values[field] = spelled;
  }
  // An insurer known by one name: its legal name is that name until the garage says otherwise.
  if (kind === 'insurers' && values.shortName && !values.legalName) values.legalName = values.shortName;
  return values;
}

/** Refuses a mapping the rows cannot be read with: a required field without its column, a column used twice. */
export function assertMapping(kind: ImportKind, mapping: ImportMapping, columns: number): void {
  const missing = IMPORT_REQUIRED_FIELDS[kind].filter((field) => (mapping[field] ?? null) === null);
  if (missing.length > 0) {
    throw invalid(IMPORT_MESSAGES.missing(missing.map((field) => IMPORT_FIELD_LABELS[field]).join(', ')));
  }
  const used = IMPORT_KIND_FIELDS[kind]
    .map((field) => mapping[field] ?? null)
    .filter((index): index is number => index !== null);
  if (new Set(used).size !== used.length) throw invalid(IMPORT_MESSAGES.duplicateColumn);
  if (used.some((index) => index >= columns)) throw invalid(IMPORT_MESSAGES.unreadable);
}

/** What makes two rows of one file the same record: a plate, a SIRET or a name, an insurer's name. */
const KEYS: { [K in ImportKind]: (row: RowOf[K]) => [string, string] } = {
  customers: (row) => [normalizePlate(row.plate), 'Immatriculation déjà présente'],
  products: (row) =>
    row.productCode
      ? [`code:${row.productCode.toLowerCase()}`, 'Référence déjà présente']
      : row.eurocode
        ? [`euro:${row.eurocode}`, 'Eurocode déjà présent']
        : [`name:${row.name.toLowerCase()}`, 'Produit déjà présent'],
  suppliers: (row) =>
    row.siret ? [row.siret, 'SIRET déjà présent'] : [row.name.toLowerCase(), 'Fournisseur déjà présent'],
  insurers: (row) => [row.shortName.toLowerCase(), 'Assureur déjà présent'],
  receivables: (row) => [row.invoiceNumber.toLowerCase(), 'N° de facture déjà présent'],
};

/** The form's message; a length limit (« 80 caractères au plus »), which names no field, is given its field. */
function reasonOf(issue: z.core.$ZodIssue | undefined): string {
  const field = issue?.path[0] as ImportField | undefined;
  const message = issue?.message ?? 'ligne illisible';
  const named = field && field in IMPORT_FIELD_LABELS && /^\d/.test(message);
  return named ? `${IMPORT_FIELD_LABELS[field]} : ${message}` : message;
}

/** Each data row checked; the same record met twice in the file is refused the second time, naming the first line. */
export function checkRows<K extends ImportKind>(
  kind: K,
  table: Pick<Table, 'rows' | 'lines'>,
  mapping: ImportMapping,
): CheckedRow<K>[] {
  const seen = new Map<string, number>();
  const schema = IMPORT_ROW_SCHEMAS[kind];
  return table.rows.map((cells, index) => {
    const line = table.lines[index] ?? index + 2;
    const parsed = schema.safeParse(valuesOf(kind, cells, mapping));
    if (!parsed.success) return { line, reason: reasonOf(parsed.error.issues[0]) };
    const row = (
      kind === 'customers'
        ? { ...(parsed.data as ImportCustomerRow), plate: normalizePlate((parsed.data as ImportCustomerRow).plate) }
        : parsed.data
    ) as RowOf[K];
    const [key, already] = KEYS[kind](row as never);
    const earlier = seen.get(key);
    if (earlier !== undefined) return { line, reason: `${already} ligne ${earlier}` };
    seen.set(key, line);
    return { line, row };
  });
}

export const refusalsOf = (rows: readonly CheckedRow[]): ImportRefusal[] =>
  rows.flatMap((row) => ('reason' in row ? [{ line: row.line, reason: row.reason }] : []));
