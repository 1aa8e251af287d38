import { JOURNALS, type JournalCode, parisDay } from 'contracts';
import type { Account } from './chart';

/*
 * Journal entries, built from the garage's own records and never stored: an issued invoice or credit
 * note, a payment or its cancellation, an expense is each one entry. Amounts in cents; a posting lands on its
 * natural side when positive and on the other side when negative, so the file never holds a negative amount.
 */

export interface EntryLine {
  account: string;
  accountLabel: string;
  /** A third party's auxiliary account (customer, insurer, supplier), or '' on a general account. */
  auxAccount: string;
  auxLabel: string;
  debit: number;
  credit: number;
}

export interface Entry {
  journal: JournalCode;
  /** The instant the record became final (issue, recording of the payment or expense): the file's order. */
  validatedAt: Date;
  /** The record's id: the order of records validated at the same instant. */
  recordId: number;
  /** EcritureDate: the day of the operation. */
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: EntryLine[];
}

export interface NumberedEntry extends Entry {
  /** 1, 2, 3… per journal over the period, in validation order. */
  number: number;
  validDate: string;
}

export interface Posting {
  account: Account;
  aux?: { account: string; label: string };
  /** Signed cents: positive on `side`, negative on the other side. */
  amount: number;
  side: 'debit' | 'credit';
}

const lineOf = ({ account, aux, amount, side }: Posting): EntryLine => {
  const onSide = amount >= 0 ? side : side === 'debit' ? 'credit' : 'debit';
  const magnitude = Math.abs(amount);
  return {
    account: account.account,
    accountLabel: account.label,
    auxAccount: aux?.account ?? '',
    auxLabel: aux?.label ?? '',
    debit: onSide === 'debit' ? magnitude : 0,
    credit: onSide === 'credit' ? magnitude : 0,
  };
};

/**
 * The lines of an entry: its non-zero postings; a record of 0,00 € keeps its first two postings at zero, so that
 * every issued document still shows in its journal.
 */
export function entryLines(postings: Posting[], what: string): EntryLine[] {
  const nonZero = postings.filter((posting) => posting.amount !== 0);
  const lines = (nonZero.length >= 2 ? nonZero : postings.slice(0, 2)).map(lineOf);
  const debit = lines.reduce((sum, line) => sum + line.debit, 0);
  const credit = lines.reduce((sum, line) => sum + line.credit, 0);
  // The postings come from one amounts function and balance by construction: a difference is a bug, never a file.
  if (debit !== credit) throw new Error(`écriture déséquilibrée (${what}) : débit ${debit}, crédit ${credit}`);
  return lines;
}

const journalOrder = (journal: JournalCode) => JOURNALS.indexOf(journal);

/** Validation order (instant, then journal, then record), then numbers 1, 2, 3… within each journal. */
export function numberEntries(entries: Entry[]): NumberedEntry[] {
  const sorted = [...entries].sort(
    (a, b) =>
      a.validatedAt.getTime() - b.validatedAt.getTime() ||
      journalOrder(a.journal) - journalOrder(b.journal) ||
      a.recordId - b.recordId,
  );
  const counters = new Map<JournalCode, number>();
  return sorted.map((entry) => {
    const number = (counters.get(entry.journal) ?? 0) + 1;
    counters.set(entry.journal, number);
    return { ...entry, number, validDate: parisDay(entry.validatedAt) };
  });
}

/** Upper case letters and digits of a name or number, accents dropped: "Dupont-Léa" -> "DUPONTLEA". */
export const compactCode = (text: string, length = 17) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, length);
