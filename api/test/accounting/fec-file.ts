import { FEC_COLUMNS, type FecColumn, parseFecAmount } from 'contracts';

/** A FEC's lines as records keyed by the header's names (ISO 8859-15 decoded), amounts parsed into cents. */
export function fecRecords(payload: Buffer) {
  const [header = '', ...rows] = new TextDecoder('iso-8859-15').decode(payload).split('\r\n').filter(Boolean);
  const names = header.split('\t') as FecColumn[];
  return rows.map((row) => {
    const fields = row.split('\t');
    const record = Object.fromEntries(names.map((name, index) => [name, fields[index] ?? ''])) as Record<
      FecColumn,
      string
    >;
    return {
      ...record,
      debit: parseFecAmount(record.Debit) ?? Number.NaN,
      credit: parseFecAmount(record.Credit) ?? Number.NaN,
    };
  });
}
export type FecRecord = ReturnType<typeof fecRecords>[number];

export const headerOf = (payload: Buffer) => new TextDecoder('iso-8859-15').decode(payload).split('\r\n')[0];
export const EXPECTED_HEADER = FEC_COLUMNS.join('\t');

/** The entries of a journal: its lines grouped by EcritureNum, in file order. */
export function entriesOf(records: FecRecord[], journal: string) {
  const entries = new Map<string, FecRecord[]>();
  for (const record of records.filter((each) => each.JournalCode === journal)) {
    entries.set(record.EcritureNum, [...(entries.get(record.EcritureNum) ?? []), record]);
  }
  return [...entries.values()];
}

/** What a line says in a few words, to compare entries whole: "411D…|debit|credit". */
export const lineSummary = (record: FecRecord) =>
  [record.CompteNum, record.CompAuxNum, record.debit, record.credit].join('|');
