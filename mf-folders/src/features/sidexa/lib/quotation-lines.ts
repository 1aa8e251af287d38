import {
  centsToText,
  DEFAULT_TAX_RATE,
  type DocumentLineBody,
  documentTotals,
  lineTotal,
  parseEuros,
  SIDEXA_HOUR_UNIT,
  type SidexaLine,
} from 'contracts';

/*
 * The search's lines as the garage prices them: the parts still to choose, the hourly rate copied into the labour
 * lines (unit `h`), and the quote's lines handed to billing's document form.
 */

/**
 * A part (a glass) rather than its labour, kit or calibration: it carries its variants, one already chosen when the
 * vehicle is identified by its VIN or once priced, every possible glass otherwise (a select each).
 */
export const isPart = (line: SidexaLine) => line.variants.length > 0;

/** Lines priced in hours: they take the garage's hourly rate. */
export const isLabour = (line: SidexaLine) => line.unit === SIDEXA_HOUR_UNIT;

/** The vehicle's Audatex code, the same on every variant of one vehicle ('' when there is none). */
export const audatexOf = (lines: SidexaLine[]) => lines.flatMap((line) => line.variants)[0]?.audatex ?? '';

/** The hourly rate (cents) copied into every labour line; the other lines are left as they are. */
export const withHourlyRate = (lines: SidexaLine[], rateCents: number): SidexaLine[] =>
  lines.map((line) => (isLabour(line) ? { ...line, preTaxAmount: rateCents } : line));

/** The rate as typed ("58,50", "58") in cents; undefined when it cannot be read. */
export const rateCentsOf = (typed: string | number | null | undefined) =>
  typed === null || typed === undefined || String(typed).trim() === '' ? undefined : parseEuros(typed);

/** Cents as the document form types them: 1250 -> "12,50". */

const amountLine = (line: SidexaLine) => ({
  quantity: line.quantity,
  unitPrice: line.preTaxAmount ?? 0,
  discount: 0,
  taxRate: DEFAULT_TAX_RATE,
});

/** Pre-tax total of one line (cents) with the one amounts function; null while it has no price. */
export const linePreTaxTotal = (line: SidexaLine) =>
  line.preTaxAmount === null ? null : lineTotal(amountLine(line), false);

/** Pre-tax total of the lines (cents), as the quote will compute it; lines without a price count 0. */
export const preTaxTotal = (lines: SidexaLine[]) => documentTotals(lines.map(amountLine), false).preTaxAmount;

/**
 * The quote's lines (billing's document form): title, details (the Eurocode or reference), quantity, the unit price
 * as French euros text, VAT 20 %. A line still without a price is left empty for the garage to type.
 */
export const toQuotationLines = (lines: SidexaLine[]): DocumentLineBody[] =>
  lines.map((line, index) => ({
    title: line.title,
    productId: null,
    details: line.details,
    quantity: line.quantity,
    preTaxAmount: line.preTaxAmount === null ? '' : centsToText(line.preTaxAmount),
    remise: 0,
    position: index + 1,
    addToStock: false,
    taxRate: DEFAULT_TAX_RATE,
    // Labour counts hours (HUR); a glass from the search is a new part of equivalent quality (aftermarket
    // Eurocode), which the garage can change on the quote.
    unit: isLabour(line) ? 'HUR' : 'C62',
    partOrigin: isPart(line) ? 'equivalent' : null,
  }));
