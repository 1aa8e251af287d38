import { sirenOf } from './company-ids';

/*
 * The FEC (fichier des écritures comptables) as the arrêté of 29 July 2013 defines it (LPF art. A47 A-1;
 * BOI-CF-IOR-60-40-20): a flat file, one line per accounting line, the 18 fields below in this order, named on the
 * first line, separated by a tab; dates AAAAMMJJ, amounts with a decimal comma and no thousands separator; named
 * `<SIREN>FEC<AAAAMMJJ>.txt` after the closing day of the period. Shared by the API that writes it, the checker that
 * reads it back (`pnpm fec-check`) and the tests.
 */

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
export type FecColumn = (typeof FEC_COLUMNS)[number];

/** Fields every line fills (the others are empty when they do not apply, by pairs: see the checker). */
export const FEC_MANDATORY: readonly FecColumn[] = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'ValidDate',
];
export const FEC_DATE_COLUMNS: readonly FecColumn[] = ['EcritureDate', 'PieceDate', 'DateLet', 'ValidDate'];
export const FEC_AMOUNT_COLUMNS: readonly FecColumn[] = ['Debit', 'Credit', 'Montantdevise'];

export const FEC_SEPARATOR = '\t';
/** A47 A-1 III 1°: ASCII, ISO 8859-15 or EBCDIC. ISO 8859-15 keeps French accents, « œ » and « € ». */
export const FEC_ENCODING = 'iso-8859-15';
export const FEC_CONTENT_TYPE = 'text/plain; charset=iso-8859-15';

/** "2026-10-31" -> "20261031". */
export const fecDate = (day: string) => day.replaceAll('-', '');

/** Cents as the FEC writes an amount: "1234,56", "0,00", "-12,00"; never a thousands separator. */
export function fecAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`montant invalide : ${cents}`);
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

/** An amount of the file in cents ("1234,5" -> 123450), or undefined when it is not a FEC amount. */
export function parseFecAmount(text: string): number | undefined {
  const match = /^([+-]?)(\d{1,15})(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** "20261031" -> "2026-10-31" when it is a day of the calendar, else undefined. */
export function parseFecDate(text: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(day) ? day : undefined;
}

/** The file's name: the SIREN, "FEC" and the closing day of the period ("421876541FEC20261031.txt"). */
export const fecFileName = (siren: string, closingDay: string) => `${siren}FEC${fecDate(closingDay)}.txt`;
export const FEC_FILE_NAME_PATTERN = /^(\d{9})FEC(\d{8})\.txt$/;

/** The SIREN the file is named after (the first nine digits of the garage's SIRET), or null without a SIRET. */
export function fecSiren(siret: string | null | undefined): string | null {
  const digits = (siret ?? '').replace(/[\s.]/g, '');
  return /^\d{14}$/.test(digits) ? sirenOf(digits) : null;
}
