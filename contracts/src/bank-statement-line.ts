import { parseEuros } from './money';

/*
 * A bank statement's line for an insurer transfer, pasted as the bank prints it (« VIR SEPA MAIF SIN-2026-004512
 * SIN-2026-004533 1 250,40 EUR 26/11/2026 »): the claim numbers it cites pick the invoices, its amount and its date
 * fill the transfer. Read on the page, before anything is recorded: the person checks what was found.
 */

export interface StatementLineReading {
  /** Cents, the last amount of the line (a statement prints the amount after the label); undefined when none. */
  amount: number | undefined;
  /** YYYY-MM-DD, the last date of the line (the value date), undefined when none. */
  day: string | undefined;
  /** The invoices whose claim number (or reference) the line cites. */
  invoiceIds: number[];
}

/** Letters and digits only, upper case (only those make a reference: it is matched whatever separates them). */
const folded = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

const AMOUNT = /(?<![\d,.])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})*|\d+)[,.](\d{2})(?![\d])/g;
const DATE = /(?<!\d)(\d{2})[/.-](\d{2})[/.-](\d{4})(?!\d)/g;

/** What a pasted statement line says of a transfer, for `invoices` (their claim numbers). */
export function readStatementLine(text: string, invoices: { id: number; claimNumber: string }[]): StatementLineReading {
  const upper = text.toUpperCase();
  // A claim number of at least 4 characters, cited whole, whatever separates its parts on the statement
  // (« SIN-2026-004512 », « SIN 2026 004512 », « sin2026004512 »); « SIN-1 » never matches inside « SIN-12 ».
  const pattern = (claim: string) => {
    const reference = folded(claim);
    return reference.length < 4
      ? undefined
      : new RegExp(`(?<![A-Z0-9])${[...reference].join('[^A-Z0-9]*')}(?![A-Z0-9])`, 'g');
  };
  const cited = (claim: string) => pattern(claim)?.test(upper) ?? false;
  // The amount is read with the dates and the claim numbers taken out: « SIN 778 400,00 » is 400 €, not 778 400 €.
  const rest = invoices
    .map((invoice) => pattern(invoice.claimNumber))
    .reduce((line, claim) => (claim ? line.replace(claim, ' ') : line), upper.replace(DATE, ' '));
  const amounts = [...rest.matchAll(AMOUNT)].map((match) =>
    parseEuros(`${(match[1] ?? '').replace(/[ \u00a0\u202f.]/g, '')},${match[2]}`),
  );
  const [, dd, mm, yyyy] = [...text.matchAll(DATE)].at(-1) ?? [];
  return {
    amount: amounts.at(-1),
    day: dd && mm && yyyy ? `${yyyy}-${mm}-${dd}` : undefined,
    invoiceIds: invoices.filter((invoice) => cited(invoice.claimNumber)).map((invoice) => invoice.id),
  };
}
