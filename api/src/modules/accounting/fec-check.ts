import {
  FEC_AMOUNT_COLUMNS,
  FEC_COLUMNS,
  FEC_DATE_COLUMNS,
  FEC_FILE_NAME_PATTERN,
  FEC_MANDATORY,
  type FecColumn,
  fecAmount,
  parseFecAmount,
  parseFecDate,
} from 'contracts';

/*
 * The structural check of a FEC, the DGFiP's rules (LPF art. A47 A-1, arrêté of 29 July 2013,
 * BOI-CF-IOR-60-40-20) applied to any file, ours or not: its name, its character set, the header of the 18 fields in
 * order, one separator, the formats (dates AAAAMMJJ, amounts with a decimal comma), the mandatory fields and the
 * fields that go by pairs, balanced entries, continuous numbering per journal, lines in validation order. Each
 * problem is a French sentence naming its line.
 */

export interface FecProblem {
  /** The file's line (1: the header), or null for the file as a whole. */
  line: number | null;
  message: string;
}

export interface FecReport {
  valid: boolean;
  /** Accounting lines (the header aside). */
  lines: number;
  entries: number;
  /** Per journal: entries and totals, cents. */
  journals: Record<string, { entries: number; debit: number; credit: number }>;
  /** The first problems (at most MAX_PROBLEMS), in file order. */
  problems: FecProblem[];
  problemCount: number;
}

const MAX_PROBLEMS = 500;
const column = (name: FecColumn) => FEC_COLUMNS.indexOf(name);
const LATIN9_SPECIALS: Record<number, string> = {
  164: '€',
  166: 'Š',
  168: 'š',
  180: 'Ž',
  184: 'ž',
  188: 'Œ',
  189: 'œ',
  190: 'Ÿ',
};
/** ISO 8859-15 bytes as text. */
const decodeLatin9 = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => LATIN9_SPECIALS[byte] ?? String.fromCharCode(byte)).join('');

/** Non-ASCII bytes that all read as UTF-8 sequences: a file written in UTF-8, not in one of the admitted sets. */
function looksUtf8(bytes: Uint8Array): boolean {
  if (!bytes.some((byte) => byte >= 0x80)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A control character other than the tab (separator): a field's text must not hold one. */
const hasControlCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 && code !== 0x09;
  });

interface OpenEntry {
  journal: string;
  number: string;
  firstLine: number;
  lastLine: number;
  date: string;
  debit: number;
  credit: number;
}

export function checkFec(bytes: Uint8Array, fileName?: string): FecReport {
  const problems: FecProblem[] = [];
  let problemCount = 0;
  const problem = (line: number | null, message: string) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
  };
  const report = (lines: number, entries: number, journals: FecReport['journals']): FecReport => ({
    valid: problemCount === 0,
    lines,
    entries,
    journals,
    problems,
    problemCount,
  });

  let closingDay: string | undefined;
  if (fileName !== undefined) {
    const name = fileName.split(/[\\/]/).pop() ?? fileName;
    const match = FEC_FILE_NAME_PATTERN.exec(name);
    closingDay = match ? parseFecDate(match[2] ?? '') : undefined;
    if (!closingDay) {
      problem(
        null,
        `Nom du fichier « ${name} » : attendu <SIREN>FEC<AAAAMMJJ>.txt (SIREN de 9 chiffres, date de clôture)`,
      );
    }
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    problem(null, 'Le fichier commence par une marque UTF-8 (BOM) : jeux de caractères admis ASCII ou ISO 8859-15');
  } else if (looksUtf8(bytes)) {
    problem(null, 'Le fichier est encodé en UTF-8 : jeux de caractères admis ASCII, ISO 8859-15 ou EBCDIC (A47 A-1)');
  }
  const rows = decodeLatin9(bytes).split(/\r\n|\n|\r/);
  if (rows.at(-1) === '') rows.pop();
  const header = rows[0];
  if (header === undefined || header.trim() === '') {
    problem(1, 'Fichier vide : la première ligne doit nommer les 18 zones');
    return report(0, 0, {});
  }
  const separator = header.includes('\t') ? '\t' : header.includes('|') ? '|' : undefined;
  if (!separator) {
    problem(1, 'Séparateur de zone introuvable : tabulation (ou barre verticale) entre les 18 zones');
    return report(0, 0, {});
  }
  const names = header.split(separator);
  if (names.length !== FEC_COLUMNS.length) {
    problem(1, `Ligne d’en-tête : ${names.length} zones au lieu de ${FEC_COLUMNS.length}`);
  }
  FEC_COLUMNS.forEach((expected, index) => {
    const found = names[index];
    if (found !== undefined && found !== expected) {
      problem(1, `Zone ${index + 1} de l’en-tête : « ${expected} » attendu, « ${found} » trouvé`);
    }
  });
  // The fields are read by their place: with a wrong header, every line would be misread.
  if (problemCount > 0 && names.join() !== FEC_COLUMNS.join()) return report(0, 0, {});

  const journals: FecReport['journals'] = {};
  const journalLabels = new Map<string, string>();
  const lastNumber = new Map<string, { prefix: string; value: number }>();
  const seen = new Set<string>();
  let entry: OpenEntry | undefined;
  let previousValid = '';
  let lines = 0;
  let entries = 0;

  const closeEntry = (open: OpenEntry | undefined) => {
    if (!open) return;
    if (open.debit !== open.credit) {
      problem(
        open.firstLine,
        `Écriture ${open.journal} ${open.number} déséquilibrée : débit ${fecAmount(open.debit)}, crédit ${fecAmount(open.credit)} (lignes ${open.firstLine} à ${open.lastLine})`,
      );
    }
  };

  for (let index = 1; index < rows.length; index += 1) {
    const at = index + 1;
    const text = rows[index] ?? '';
    if (text === '') {
      problem(at, 'Ligne vide');
      continue;
    }
    if (hasControlCharacter(text)) problem(at, 'Caractère de contrôle dans la ligne');
    const fields = text.split(separator);
    if (fields.length !== FEC_COLUMNS.length) {
      problem(at, `${fields.length} zones au lieu de ${FEC_COLUMNS.length}`);
      continue;
    }
    lines += 1;
    const value = (name: FecColumn) => fields[column(name)] ?? '';
    for (const name of FEC_MANDATORY) {
      if (value(name).trim() === '') problem(at, `${name} obligatoire`);
    }
    for (const name of FEC_DATE_COLUMNS) {
      const date = value(name);
      if (date !== '' && !parseFecDate(date)) problem(at, `${name} « ${date} » : date attendue au format AAAAMMJJ`);
    }
    for (const name of FEC_AMOUNT_COLUMNS) {
      const amount = value(name);
      if (amount === '' || parseFecAmount(amount) !== undefined) continue;
      problem(
        at,
        amount.includes('.')
          ? `${name} « ${amount} » : la virgule sépare les décimales (${amount.replace('.', ',')})`
          : `${name} « ${amount} » : montant attendu en chiffres, virgule décimale, sans séparateur de milliers`,
      );
    }
    const account = value('CompteNum');
    if (account !== '' && !/^\d{3}/.test(account)) {
      problem(at, `CompteNum « ${account} » : les 3 premiers caractères sont des chiffres du plan comptable`);
    }
    for (const [first, second] of [
      ['CompAuxNum', 'CompAuxLib'],
      ['EcritureLet', 'DateLet'],
      ['Montantdevise', 'Idevise'],
    ] as const) {
      if ((value(first) === '') !== (value(second) === '')) problem(at, `${first} et ${second} vont ensemble`);
    }
    const valid = parseFecDate(value('ValidDate'));
    if (valid && valid < previousValid) {
      problem(at, 'ValidDate avant celle de la ligne précédente : les écritures sont classées par ordre de validation');
    }
    if (valid) previousValid = valid;
    const date = parseFecDate(value('EcritureDate'));
    if (date && closingDay && date > closingDay) {
      problem(at, `EcritureDate ${value('EcritureDate')} après la date de clôture du nom du fichier`);
    }

    const journal = value('JournalCode');
    const label = journalLabels.get(journal);
    if (label === undefined) journalLabels.set(journal, value('JournalLib'));
    else if (label !== value('JournalLib'))
      problem(at, `Journal ${journal} : libellé « ${value('JournalLib')} » au lieu de « ${label} »`);
    const number = value('EcritureNum');
    const key = `${journal}\u0000${number}`;
    const debit = parseFecAmount(value('Debit')) ?? 0;
    const credit = parseFecAmount(value('Credit')) ?? 0;
    const totals = journals[journal] ?? { entries: 0, debit: 0, credit: 0 };
    journals[journal] = totals;
    totals.debit += debit;
    totals.credit += credit;

    if (entry && `${entry.journal}\u0000${entry.number}` === key) {
      entry.lastLine = at;
      entry.debit += debit;
      entry.credit += credit;
      if (value('EcritureDate') !== entry.date) problem(at, `Écriture ${journal} ${number} : plusieurs EcritureDate`);
      continue;
    }
    closeEntry(entry);
    entry = { journal, number, firstLine: at, lastLine: at, date: value('EcritureDate'), debit, credit };
    if (seen.has(key)) {
      problem(at, `Écriture ${journal} ${number} : ses lignes ne se suivent pas`);
      continue;
    }
    seen.add(key);
    entries += 1;
    totals.entries += 1;
    const parts = /^(.*?)(\d+)$/.exec(number);
    if (!parts) {
      if (number !== '') problem(at, `EcritureNum « ${number} » : numéro attendu (séquence continue par journal)`);
      continue;
    }
    const current = { prefix: parts[1] ?? '', value: Number(parts[2]) };
    const before = lastNumber.get(journal);
    if (before && (before.prefix !== current.prefix || current.value !== before.value + 1)) {
      problem(
        at,
        `Journal ${journal} : écriture ${number} après ${before.prefix}${before.value} (numérotation non continue)`,
      );
    }
    lastNumber.set(journal, current);
  }
  closeEntry(entry);
  return report(lines, entries, journals);
}
