import {
  type AccountingSummary,
  JOURNAL_LABELS,
  JOURNALS,
  type JournalCode,
  type JournalLineRow,
  type VatByRate,
} from 'contracts';
import type { Database } from '../../db';
import { type Chart, chartOf, readChart } from './chart';
import { type NumberedEntry, numberEntries } from './entries';
import { expenseEntries } from './expense-entries';
import { openingEntries } from './opening-entries';
import { receiptEntries } from './receipt-entries';
import { salesJournal } from './sales-entries';

/*
 * A garage's journals over a period, numbered: what the page lists, the journals' CSV and Excel hold and
 * the FEC writes. Built whole for the journals asked (a journal's numbers depend on every entry of it in the period)
 * and held in memory: a garage's year is a few thousand entries.
 */

export interface JournalBook {
  chart: Chart;
  entries: NumberedEntry[];
  /** VT only: per VAT rate, invoices minus credit notes. */
  vat: VatByRate[];
}

export async function journalBook(
  db: Database,
  companyId: number,
  period: { from: string; to: string },
  journals: readonly JournalCode[] = JOURNALS,
): Promise<JournalBook> {
  const chart = chartOf(await readChart(db, companyId));
  const sales = journals.includes('VT') ? await salesJournal(db, companyId, period, chart) : { entries: [], vat: [] };
  const receipts = await receiptEntries(db, companyId, period, chart, journals);
  const purchases = journals.includes('AC') ? await expenseEntries(db, companyId, period, chart) : [];
  const opening = journals.includes('AN') ? await openingEntries(db, companyId, period, chart) : [];
  return { chart, entries: numberEntries([...opening, ...sales.entries, ...receipts, ...purchases]), vat: sales.vat };
}

/** Each line of the entries, in journal order (AN, VT, BQ, CA, AC), then by number. */
export function journalLines(entries: NumberedEntry[]): JournalLineRow[] {
  const byJournal = [...entries].sort(
    (a, b) => JOURNALS.indexOf(a.journal) - JOURNALS.indexOf(b.journal) || a.number - b.number,
  );
  return byJournal.flatMap((entry) =>
    entry.lines.map((line, index) => ({
      id: `${entry.journal}-${entry.number}-${index + 1}`,
      journal: entry.journal,
      entryNumber: entry.number,
      date: entry.date,
      ...line,
      pieceRef: entry.pieceRef,
      pieceDate: entry.pieceDate,
      label: entry.label,
      validDate: entry.validDate,
    })),
  );
}

/** Entries and totals of each journal, and the sales' VAT per rate. */
export function summaryOf(book: JournalBook) {
  const deductible = book.chart['vat-deductible'].account;
  const journals = JOURNALS.map((code) => {
    const entries = book.entries.filter((entry) => entry.journal === code);
    const lines = entries.flatMap((entry) => entry.lines);
    return {
      code,
      label: JOURNAL_LABELS[code],
      entries: entries.length,
      debit: lines.reduce((sum, line) => sum + line.debit, 0),
      credit: lines.reduce((sum, line) => sum + line.credit, 0),
    };
  });
  const deductibleVat = book.entries
    .filter((entry) => entry.journal === 'AC')
    .flatMap((entry) => entry.lines)
    .filter((line) => line.account === deductible)
    .reduce((sum, line) => sum + line.debit - line.credit, 0);
  return { journals, vat: book.vat, deductibleVat } satisfies Omit<AccountingSummary, 'from' | 'to' | 'fecFileName'>;
}
