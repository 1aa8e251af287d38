import { FEC_COLUMNS, FEC_SEPARATOR, fecAmount, fecDate, JOURNAL_LABELS } from 'contracts';
import type { NumberedEntry } from './entries';

/*
 * The FEC of a period (LPF art. A47 A-1, arrêté of 29 July 2013, BOI-CF-IOR-60-40-20): the header of the
 * 18 fields, then every line of every entry in validation order, tab separated, CRLF between lines, encoded in
 * ISO 8859-15 (one of the three character sets A47 A-1 admits, the one with « é », « œ » and « € »). Lettering and
 * foreign currency are left empty: the product does not letter, and bills in euros only.
 */

const LINE_END = '\r\n';

/** Characters ISO 8859-15 puts where ISO 8859-1 has others (€ Š š Ž ž Œ œ Ÿ), and the byte of each. */
const LATIN9_SPECIALS = new Map<string, number>([
  ['€', 0xa4],
  ['Š', 0xa6],
  ['š', 0xa8],
  ['Ž', 0xb4],
  ['ž', 0xb8],
  ['Œ', 0xbc],
  ['œ', 0xbd],
  ['Ÿ', 0xbe],
]);
/** The bytes ISO 8859-1 gives to those places: other characters in 8859-15. */
const REPLACED_BYTES = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
/** Typography typed in names and labels that ISO 8859-15 lacks, written with its nearest character. */
const NEAREST: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
};

/** One byte per character; what ISO 8859-15 cannot write loses its accent, or becomes "?". */
export function encodeLatin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const character of text) {
    const special = LATIN9_SPECIALS.get(character);
    const code = character.codePointAt(0) ?? 0x3f;
    if (special !== undefined) bytes.push(special);
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff && !REPLACED_BYTES.has(code))) bytes.push(code);
    else if (NEAREST[character]) bytes.push(...encodeLatin9(NEAREST[character] ?? '?'));
    else {
      const bare = character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      bytes.push(...(bare !== character && bare.length > 0 ? encodeLatin9(bare) : [0x3f]));
    }
  }
  return Buffer.from(bytes);
}

/** A field's text: no separator nor line break inside it (A47 A-1 I 4°: the separator is unequivocal). */
const field = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

/** The lines of the file, header first. */
export function fecLines(entries: NumberedEntry[]): string[] {
  const rows = entries.flatMap((entry) =>
    entry.lines.map((line) =>
      [
        entry.journal,
        JOURNAL_LABELS[entry.journal],
        String(entry.number),
        fecDate(entry.date),
        line.account,
        line.accountLabel,
        line.auxAccount,
        line.auxLabel,
        entry.pieceRef,
        fecDate(entry.pieceDate),
        entry.label,
        fecAmount(line.debit),
        fecAmount(line.credit),
        '',
        '',
        fecDate(entry.validDate),
        '',
        '',
      ]
        .map(field)
        .join(FEC_SEPARATOR),
    ),
  );
  return [FEC_COLUMNS.join(FEC_SEPARATOR), ...rows];
}

/** The file's bytes. */
export const fecFile = (entries: NumberedEntry[]): Buffer =>
  encodeLatin9(
    fecLines(entries)
      .map((line) => `${line}${LINE_END}`)
      .join(''),
  );
