/*
 * A supplier's invoice (or credit note) received as an e-invoice, read into business terms whatever its syntax
 * (CII, UBL, or the CII inside a Factur-X). Amounts are integer cents as everywhere in the product; quantities,
 * prices and rates stay the decimal strings the file holds, shown as they were written.
 */

export type ReceivedSyntax = 'CII' | 'UBL' | 'Factur-X';

export interface ReceivedParty {
  name: string;
  /** SIREN (9 digits), '' when the file names none. */
  siren: string;
  siret: string;
  vatNumber: string;
  address: { line: string; postcode: string; city: string };
}

export interface ReceivedLine {
  id: string;
  name: string;
  quantity: string;
  unitCode: string;
  netPrice: string;
  /** Pre-tax line total, cents. */
  total: number;
  vatCategory: string;
  vatRate: string;
}

export interface ReceivedTax {
  category: string;
  rate: string;
  base: number;
  tax: number;
}

export interface ReceivedInvoice {
  /** 380 invoice, 381 credit note, 384 corrective, 386 prepayment, 389 self-billed… (UNTDID 1001). */
  typeCode: string;
  creditNote: boolean;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  seller: ReceivedParty;
  buyer: ReceivedParty;
  lines: ReceivedLine[];
  taxes: ReceivedTax[];
  totals: { preTax: number; tax: number; total: number; due: number };
}

/** Why a file could not become an expense: shown to the garage as « À traiter » with this French reason. */
export class UnreadableInvoice extends Error {}

/** A decimal amount of the file ("1234.5", "-12.30") as cents; more than two decimals is not an amount. */
export function cents(value: string, what: string): number {
  const match = /^\s*([+-]?)(\d+)(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) throw new UnreadableInvoice(`Montant illisible pour ${what} : « ${value.slice(0, 40)} »`);
  const [, sign, units, decimals = ''] = match;
  const amount = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' ? -amount : amount;
}

/** "20240915" (format 102) or "2024-09-15" as an ISO day. */
export function isoDay(value: string, what: string): string {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  const day = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new UnreadableInvoice(`Date illisible pour ${what} : « ${value.slice(0, 40)} »`);
  return day;
}

/**
 * The checks an expense needs before it is booked: the VAT breakdown adds up to the totals, and the totals to each
 * other (EN 16931 BR-CO-13 to 16, to the cent). A file that fails them is kept « À traiter », never booked wrong.
 */
export function checkTotals(invoice: ReceivedInvoice): ReceivedInvoice {
  const { preTax, tax, total } = invoice.totals;
  const base = invoice.taxes.reduce((sum, each) => sum + each.base, 0);
  const taxed = invoice.taxes.reduce((sum, each) => sum + each.tax, 0);
  if (!invoice.number) throw new UnreadableInvoice('La facture n’a pas de numéro');
  if (!invoice.seller.name) throw new UnreadableInvoice('Le fournisseur n’est pas nommé');
  if (invoice.currency !== 'EUR')
    throw new UnreadableInvoice(
      `Facture en ${invoice.currency || 'devise inconnue'} : seules les factures en euros sont reprises`,
    );
  if (invoice.taxes.length === 0) throw new UnreadableInvoice('La facture ne détaille pas sa TVA');
  if (base !== preTax || taxed !== tax || preTax + tax !== total)
    throw new UnreadableInvoice(
      `Les totaux ne concordent pas : HT ${preTax / 100}, TVA ${tax / 100}, TTC ${total / 100}, ventilation HT ${base / 100} et TVA ${taxed / 100}`,
    );
  return invoice;
}
