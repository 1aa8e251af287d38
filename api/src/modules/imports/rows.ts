import {
  type CIVILITIES,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  type ImportCustomerRow,
  type ImportField,
  type ImportMapping,
  type ImportRefusal,
  importCustomerRowSchema,
  normalizePlate,
} from 'contracts';
import { invalid } from '../../lib/domain-error';
import type { Table } from '../../lib/table-file';

/*
 * The file's rows as the import saves them: each column given to its field by the mapping, the spellings former
 * software write turned into the form's (« Monsieur », +33 6…), then checked by the new-folder form's own rules.
 */

export type CheckedRow = { line: number; row: ImportCustomerRow } | { line: number; reason: string };

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

/** The old software's spelling of a field, as the form writes it; an unknown civility is left out, not refused. */
const SPELLINGS: Partial<Record<ImportField, (value: string) => string | undefined>> = {
  civility: (value) => CIVILITY_SPELLINGS[bare(value)],
  phone: (value) => value.replace(/^(\+33|0033)\s*\(?0?\)?\s*/, '0'),
  email: (value) => value.toLowerCase(),
  postalCode: (value) => (/^\d{4}$/.test(value) ? `0${value}` : value),
  mileage: (value) => value.replace(/[.,]\d*$/, '').replace(/\s*km$/i, ''),
};

/** The values of one row per field, trimmed, as the preview shows them. */
export function valuesOf(cells: readonly string[], mapping: ImportMapping): Partial<Record<ImportField, string>> {
  const values: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    const raw = index === null ? '' : (cells[index] ?? '').trim();
    if (raw === '') continue;
    const spelled = SPELLINGS[field] ? SPELLINGS[field](raw) : raw;
    if (spelled !== undefined && spelled !== '') values[field] = spelled;
  }
  return values;
}

/** Refuses a mapping the rows cannot be read with: a required field without its column, a column used twice. */
export function assertMapping(mapping: ImportMapping, columns: number): void {
  const missing = IMPORT_REQUIRED_FIELDS.filter((field) => mapping[field] === null);
  if (missing.length > 0) throw invalid(IMPORT_MESSAGES.missing(missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')));
  const used = IMPORT_FIELDS.map((field) => mapping[field]).filter((index): index is number => index !== null);
  if (new Set(used).size !== used.length) throw invalid(IMPORT_MESSAGES.duplicateColumn);
  if (used.some((index) => index >= columns)) throw invalid(IMPORT_MESSAGES.unreadable);
}

/** Each data row checked; a plate met twice in the file is refused the second time (one vehicle, one owner). */
export function checkRows(table: Pick<Table, 'rows' | 'lines'>, mapping: ImportMapping): CheckedRow[] {
  const plates = new Map<string, number>();
  return table.rows.map((cells, index) => {
    const line = table.lines[index] ?? index + 2;
    const parsed = importCustomerRowSchema.safeParse(valuesOf(cells, mapping));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] as ImportField | undefined;
      const message = issue?.message ?? 'ligne illisible';
      // The form's messages name their field (« Adresse e-mail invalide »); a length limit (« 80 caractères au
      // plus ») does not, so the field is named before it.
      const named = field && field in IMPORT_FIELD_LABELS && /^\d/.test(message);
      return { line, reason: named ? `${IMPORT_FIELD_LABELS[field]} : ${message}` : message };
    }
    const plate = normalizePlate(parsed.data.plate);
    const earlier = plates.get(plate);
    if (earlier !== undefined) return { line, reason: `Immatriculation déjà présente ligne ${earlier}` };
    plates.set(plate, line);
    return { line, row: { ...parsed.data, plate } };
  });
}

export const refusalsOf = (rows: readonly CheckedRow[]): ImportRefusal[] =>
  rows.flatMap((row) => ('reason' in row ? [{ line: row.line, reason: row.reason }] : []));
