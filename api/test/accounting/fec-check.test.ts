import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEC_COLUMNS } from 'contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberedEntry } from '../../src/modules/accounting/entries';
import { encodeLatin9, fecFile, fecLines } from '../../src/modules/accounting/fec';
import { checkFec } from '../../src/modules/accounting/fec-check';
import { runFecCheck } from '../../src/modules/accounting/fec-check-command';

/*
 * The FEC checker: the DGFiP's structural rules (LPF art. A47 A-1) pass a well-formed file and name, in
 * French and by line, each rule a broken one breaks.
 */

const NAME = '421876541FEC20261031.txt';
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/** Two sales, a receipt and an expense, numbered as the API numbers them. */
const ENTRIES: NumberedEntry[] = [
  {
    journal: 'VT',
    number: 1,
    validatedAt: at('2026-03-02'),
    validDate: '2026-03-02',
    recordId: 1,
    date: '2026-03-02',
    pieceRef: 'F-2026-00001',
    pieceDate: '2026-03-02',
    label: 'Facture F-2026-00001 Léa Dupré-Œuvray',
    lines: [
      {
        account: '411',
        accountLabel: 'Clients',
        auxAccount: '411D202600001',
        auxLabel: 'Léa Dupré',
        debit: 24_000,
        credit: 0,
      },
      {
        account: '706',
        accountLabel: 'Prestations de services',
        auxAccount: '',
        auxLabel: '',
        debit: 0,
        credit: 20_000,
      },
      { account: '445711', accountLabel: 'TVA collectée 20 %', auxAccount: '', auxLabel: '', debit: 0, credit: 4_000 },
    ],
  },
  {
    journal: 'VT',
    number: 2,
    validatedAt: at('2026-03-05'),
    validDate: '2026-03-05',
    recordId: 2,
    date: '2026-03-05',
    pieceRef: 'AV-2026-00001',
    pieceDate: '2026-03-05',
    label: 'Avoir AV-2026-00001 Léa Dupré',
    lines: [
      {
        account: '411',
        accountLabel: 'Clients',
        auxAccount: '411D202600001',
        auxLabel: 'Léa Dupré',
        debit: 0,
        credit: 1_200,
      },
      {
        account: '706',
        accountLabel: 'Prestations de services',
        auxAccount: '',
        auxLabel: '',
        debit: 1_000,
        credit: 0,
      },
      { account: '445711', accountLabel: 'TVA collectée 20 %', auxAccount: '', auxLabel: '', debit: 200, credit: 0 },
    ],
  },
  {
    journal: 'BQ',
    number: 1,
    validatedAt: at('2026-03-06'),
    validDate: '2026-03-06',
    recordId: 1,
    date: '2026-03-06',
    pieceRef: 'F-2026-00001',
    pieceDate: '2026-03-06',
    label: 'Règlement n° 1 carte F-2026-00001 Léa Dupré',
    lines: [
      { account: '512', accountLabel: 'Banque', auxAccount: '', auxLabel: '', debit: 22_800, credit: 0 },
      {
        account: '411',
        accountLabel: 'Clients',
        auxAccount: '411D202600001',
        auxLabel: 'Léa Dupré',
        debit: 0,
        credit: 22_800,
      },
    ],
  },
  {
    journal: 'AC',
    number: 1,
    validatedAt: at('2026-03-07'),
    validDate: '2026-03-07',
    recordId: 1,
    date: '2026-03-07',
    pieceRef: 'DEP-000001',
    pieceDate: '2026-03-07',
    label: 'Colle PU – carton de 12 - Vitrages de l’Ouest',
    lines: [
      {
        account: '6022',
        accountLabel: 'Fournitures consommables',
        auxAccount: '',
        auxLabel: '',
        debit: 10_000,
        credit: 0,
      },
      { account: '445661', accountLabel: 'TVA déductible', auxAccount: '', auxLabel: '', debit: 2_000, credit: 0 },
      {
        account: '401',
        accountLabel: 'Fournisseurs',
        auxAccount: '401F7',
        auxLabel: 'Vitrages de l’Ouest',
        debit: 0,
        credit: 12_000,
      },
    ],
  },
];

const good = () => fecLines(ENTRIES);
/** The file with line `index` (0: the header) rewritten. */
const withLine = (index: number, change: (fields: string[]) => string[]) =>
  encodeLatin9(
    good()
      .map((line, at) => (at === index ? change(line.split('\t')).join('\t') : line))
      .map((line) => `${line}\r\n`)
      .join(''),
  );
const field = (name: (typeof FEC_COLUMNS)[number]) => FEC_COLUMNS.indexOf(name);
const set = (name: (typeof FEC_COLUMNS)[number], value: string) => (fields: string[]) =>
  fields.map((each, index) => (index === field(name) ? value : each));
const messages = (bytes: Uint8Array, name = NAME) => checkFec(bytes, name).problems.map((each) => each.message);

describe('the FEC checker', () => {
  it('passes a well-formed file: 18 fields, ISO 8859-15, balanced entries, journals numbered without gap', () => {
    const bytes = fecFile(ENTRIES);
    const report = checkFec(bytes, NAME);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ valid: true, lines: 11, entries: 4 });
    expect(report.journals).toEqual({
      VT: { entries: 2, debit: 25_200, credit: 25_200 },
      BQ: { entries: 1, debit: 22_800, credit: 22_800 },
      AC: { entries: 1, debit: 12_000, credit: 12_000 },
    });
    // One byte per character: « é » and « Œ » as ISO 8859-15 writes them, typography brought to its nearest.
    expect(bytes.includes(0xe9)).toBe(true);
    expect(bytes.includes(0xbc)).toBe(true);
    expect(bytes.toString('latin1')).toContain("Colle PU - carton de 12 - Vitrages de l'Ouest");
    // The same rules read a file separated by vertical bars.
    const piped = encodeLatin9(
      good()
        .map((line) => `${line.replaceAll('\t', '|')}\n`)
        .join(''),
    );
    expect(checkFec(piped, NAME).problems).toEqual([]);
  });

  it('fails on a header whose fields are missing, renamed or out of order', () => {
    expect(messages(withLine(0, (fields) => [fields[1], fields[0], ...fields.slice(2)] as string[]))).toEqual([
      'Zone 1 de l’en-tête : « JournalCode » attendu, « JournalLib » trouvé',
      'Zone 2 de l’en-tête : « JournalLib » attendu, « JournalCode » trouvé',
    ]);
    expect(messages(withLine(0, (fields) => fields.slice(0, 17)))).toContain(
      'Ligne d’en-tête : 17 zones au lieu de 18',
    );
    expect(
      messages(
        encodeLatin9(
          good()
            .map((line) => line.replaceAll('\t', ';'))
            .join('\r\n'),
        ),
      ),
    ).toEqual(['Séparateur de zone introuvable : tabulation (ou barre verticale) entre les 18 zones']);
  });

  it('fails on formats: a date not AAAAMMJJ, a decimal point, a thousands separator, an account not of the PCG', () => {
    expect(messages(withLine(1, set('EcritureDate', '2026-03-02')))).toContain(
      'EcritureDate « 2026-03-02 » : date attendue au format AAAAMMJJ',
    );
    expect(messages(withLine(1, set('ValidDate', '20260231')))).toContain(
      'ValidDate « 20260231 » : date attendue au format AAAAMMJJ',
    );
    const point = messages(withLine(1, set('Debit', '240.00')));
    expect(point).toContain('Debit « 240.00 » : la virgule sépare les décimales (240,00)');
    expect(messages(withLine(2, set('Credit', '1 200,00')))).toContain(
      'Credit « 1 200,00 » : montant attendu en chiffres, virgule décimale, sans séparateur de milliers',
    );
    expect(messages(withLine(2, set('CompteNum', 'VTE706')))).toContain(
      'CompteNum « VTE706 » : les 3 premiers caractères sont des chiffres du plan comptable',
    );
  });

  it('fails on an empty mandatory field and on fields that go by pairs', () => {
    expect(messages(withLine(1, set('PieceRef', '')))).toEqual(['PieceRef obligatoire']);
    expect(messages(withLine(1, set('CompAuxLib', '')))).toEqual(['CompAuxNum et CompAuxLib vont ensemble']);
    expect(messages(withLine(1, set('EcritureLet', 'A')))).toEqual(['EcritureLet et DateLet vont ensemble']);
    expect(checkFec(withLine(1, set('PieceRef', '')), NAME).problems[0]?.line).toBe(2);
  });

  it('fails on an unbalanced entry, a gap in a journal’s numbers, lines of an entry apart, an order other than validation', () => {
    expect(messages(withLine(2, set('Credit', '199,99')))).toContain(
      'Écriture VT 1 déséquilibrée : débit 240,00, crédit 239,99 (lignes 2 à 4)',
    );
    const gap = good().map((line) => line.replace(/^VT\tVentes\t2\t/, 'VT\tVentes\t3\t'));
    expect(messages(encodeLatin9(gap.join('\r\n')))).toEqual([
      'Journal VT : écriture 3 après 1 (numérotation non continue)',
    ]);
    const lines = good();
    const apart = [lines[0], lines[1], lines[2], lines[4], lines[3], ...lines.slice(5)] as string[];
    expect(messages(encodeLatin9(apart.join('\n')))).toContain('Écriture VT 1 : ses lignes ne se suivent pas');
    const late = good().map((line) => line.replace(/\t20260305\t\t$/, '\t20260401\t\t'));
    expect(messages(encodeLatin9(late.join('\n')))).toContain(
      'ValidDate avant celle de la ligne précédente : les écritures sont classées par ordre de validation',
    );
  });

  it('fails on a name that is not <SIREN>FEC<AAAAMMJJ>.txt, entries after its closing day, and a UTF-8 file', () => {
    expect(messages(fecFile(ENTRIES), 'FEC-2026.txt')).toEqual([
      'Nom du fichier « FEC-2026.txt » : attendu <SIREN>FEC<AAAAMMJJ>.txt (SIREN de 9 chiffres, date de clôture)',
    ]);
    expect(messages(fecFile(ENTRIES), '421876541FEC20260304.txt')).toContain(
      'EcritureDate 20260305 après la date de clôture du nom du fichier',
    );
    expect(messages(Buffer.from(good().join('\r\n'), 'utf8'))).toEqual([
      'Le fichier est encodé en UTF-8 : jeux de caractères admis ASCII, ISO 8859-15 ou EBCDIC (A47 A-1)',
    ]);
    expect(messages(new Uint8Array())).toEqual(['Fichier vide : la première ligne doit nommer les 18 zones']);
  });
});

describe('pnpm fec-check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fec-check-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const code = await runFecCheck(args, dir, (line) => printed.push(line));
    return { code, printed };
  };

  it('says a good file conforms (exit 0), lists a broken file’s problems by line (exit 1), and exits 2 without one', async () => {
    await writeFile(join(dir, NAME), fecFile(ENTRIES));
    const passed = await run(NAME);
    expect(passed.code).toBe(0);
    expect(passed.printed).toEqual([
      'FEC conforme : 11 lignes, 4 écritures équilibrées — VT 2 écritures (débit 252,00, crédit 252,00) ; BQ 1 écriture (débit 228,00, crédit 228,00) ; AC 1 écriture (débit 120,00, crédit 120,00)',
    ]);

    await writeFile(join(dir, 'broken.txt'), withLine(2, set('Credit', '199.99')));
    const failed = await run('broken.txt');
    expect(failed.code).toBe(1);
    expect(failed.printed).toEqual([
      'FEC non conforme : 3 problème(s)',
      '  fichier : Nom du fichier « broken.txt » : attendu <SIREN>FEC<AAAAMMJJ>.txt (SIREN de 9 chiffres, date de clôture)',
      '  ligne 3 : Credit « 199.99 » : la virgule sépare les décimales (199,99)',
      '  ligne 2 : Écriture VT 1 déséquilibrée : débit 240,00, crédit 40,00 (lignes 2 à 4)',
    ]);

    expect((await run('absent.txt')).code).toBe(2);
    expect((await run()).printed).toEqual(['Usage : pnpm fec-check FICHIER (ex. 421876541FEC20261031.txt)']);
  });
});
