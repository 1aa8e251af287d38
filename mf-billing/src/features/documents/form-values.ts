import {
  type BillingDocument,
  type BillTo,
  CANNOT_CALCULATE_TOTAL,
  centsToText,
  DEFAULT_PAYMENT_TERM_DAYS,
  DEFAULT_TAX_RATE,
  DOCUMENT_TYPE_CODES,
  DOCUMENT_TYPES,
  type DocumentBody,
  type DocumentLine,
  type DocumentTotals,
  type DocumentType,
  defaultLineQuantity,
  defaultPaymentTermDays,
  documentTotals,
  type LineUnit,
  lineTotal,
  type OperationCategory,
  type PartOrigin,
  parseEuros,
  TAX_RATES,
} from 'contracts';

/*
 * The document form's values as the user types them (French decimals, empty fields) and their two readings:
 * the body sent to the API, and the live totals computed with the contracts' `documentTotals` (the one amounts
 * function, also the server's).
 */

export interface LineValues {
  /** 1..n in visible order, rewritten after every move, add and removal (docs/product.md). */
  position: number;
  title: string;
  productId: number | null;
  /** As typed: "1", "-1", "1,5". */
  quantity: string;
  /** Euros as typed ("12,50"), tax-inclusive when the document is. */
  unitPrice: string;
  /** Discount in percent as typed ("10", "2,5"). */
  remise: string;
  /** The product code (or the part reference). */
  details: string;
  addToStock: boolean;
  taxRate: number;
  /** C62 (piece) or HUR (hour): printed, and the hourly rate is read from the hour lines. */
  unit: LineUnit;
  /** A part's origin, printed under its title; null for labour and other lines. */
  partOrigin: PartOrigin | null;
  /** A final invoice's line taking off a deposit invoice: kept through every save. */
  deductsDepositId?: number | null;
}

export interface PartyValues {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  siren: string;
  vatNumber: string;
  email: string;
  isBusiness: boolean;
}

export interface DocumentFormValues {
  /** The type select (DOCUMENT_TYPE_CODES); only a new document may change it. */
  typeCode: number;
  /** The document's rate: new lines take it. */
  tax: number;
  supplierId: number | null;
  billTo: BillTo;
  customer: PartyValues;
  deliveryAddress: string;
  operationCategory: OperationCategory;
  paymentTermDays: number;
  notes: string;
  /** The buyer's order, mission or claim number. */
  buyerReference: string;
  /** Why the 0 % lines bear no VAT. */
  exemptionReason: string;
  /** Quotes: when the work will be done. */
  executionDelay: string;
  /** Quotes: the quote's own price, euros TTC as typed (empty or 0: a free quote). */
  quoteFee: string;
  taxInclusive: boolean;
  lines: LineValues[];
}

export const typeOfCode = (code: number): DocumentType =>
  DOCUMENT_TYPES.find((type) => DOCUMENT_TYPE_CODES[type] === code) ?? 'quotation';

/** "Tax rate defaults to 20 when the chosen option has none" (docs/product.md). */
export const rateOrDefault = (rate: number | null | undefined) =>
  rate !== null && rate !== undefined && (TAX_RATES as readonly number[]).includes(rate) ? rate : DEFAULT_TAX_RATE;

const decimalText = (value: number) => String(value).replace('.', ',');

/** "-1" on a credit-like document (type code 1), else "1" (docs/product.md). */
export const defaultLineQuantityText = (typeCode: number) => decimalText(defaultLineQuantity(typeCode));

/** A new line: the type's default quantity and the document's rate. */
export function newLine(typeCode: number, tax: number | null | undefined, position: number): LineValues {
  return {
    position,
    title: '',
    productId: null,
    quantity: defaultLineQuantityText(typeCode),
    unitPrice: '',
    remise: '0',
    details: '',
    addToStock: false,
    taxRate: rateOrDefault(tax),
    unit: 'C62',
    partOrigin: null,
  };
}

/** A line nobody has filled in yet: it follows the document's type and rate when they change. */
export const isBlankLine = (line: LineValues) =>
  line.title.trim() === '' && line.productId === null && line.unitPrice.trim() === '';

const EMPTY_PARTY: PartyValues = {
  name: '',
  address: '',
  postalCode: '',
  city: '',
  siren: '',
  vatNumber: '',
  email: '',
  isBusiness: false,
};

const EMPTY_BUYER = { billTo: 'customer', isBusiness: false } as const;

/** A blank document of `type`; its lines start at `tax` (the garage's default VAT rate). */
export function newDocumentValues(type: DocumentType, tax: number = DEFAULT_TAX_RATE): DocumentFormValues {
  const typeCode = DOCUMENT_TYPE_CODES[type];
  return {
    typeCode,
    tax: rateOrDefault(tax),
    supplierId: null,
    billTo: type === 'purchase-order' ? 'supplier' : 'customer',
    customer: { ...EMPTY_PARTY },
    deliveryAddress: '',
    operationCategory: 'mixed',
    // A new document's buyer is a private customer until said otherwise: paid on receipt.
    paymentTermDays: type === 'purchase-order' ? DEFAULT_PAYMENT_TERM_DAYS : defaultPaymentTermDays(EMPTY_BUYER),
    notes: '',
    buyerReference: '',
    exemptionReason: '',
    executionDelay: '',
    quoteFee: '',
    taxInclusive: false,
    lines: [newLine(typeCode, tax, 1)],
  };
}

const lineValues = (line: DocumentLine, index: number): LineValues => ({
  position: index + 1,
  title: line.title,
  productId: line.productId,
  quantity: decimalText(line.quantity),
  unitPrice: centsToText(line.unitPrice),
  remise: decimalText(line.remise),
  details: line.details,
  addToStock: line.addToStock,
  taxRate: line.taxRate,
  unit: line.unit,
  partOrigin: line.partOrigin,
  deductsDepositId: line.deductsDepositId,
});

export function documentValues(document: BillingDocument): DocumentFormValues {
  return {
    typeCode: DOCUMENT_TYPE_CODES[document.type],
    tax: document.tax,
    supplierId: document.supplierId,
    billTo: document.billTo,
    customer: { ...document.customer },
    deliveryAddress: document.deliveryAddress,
    operationCategory: document.operationCategory,
    paymentTermDays: document.paymentTermDays,
    notes: document.notes,
    buyerReference: document.buyerReference,
    exemptionReason: document.exemptionReason,
    executionDelay: document.executionDelay,
    quoteFee: document.quoteFee === 0 ? '' : centsToText(document.quoteFee),
    taxInclusive: document.taxInclusive,
    lines: [...document.lines].sort((a, b) => a.position - b.position).map(lineValues),
  };
}

/** "1,5" -> "1.5" for the contracts' number coercion; anything else is sent as typed and refused in French. */
export const normalizeDecimal = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');

/** Left entirely empty, the party is filled by the server from the folder or the supplier. */
const partyOrNull = (party: PartyValues) => {
  const { isBusiness: _isBusiness, ...texts } = party;
  return Object.values(texts).every((text) => text.trim() === '') ? null : party;
};

/** The typed lines as the documents' contract reads them, in their visible order. */
export const lineBodies = (lines: LineValues[]): DocumentBody['lines'] =>
  lines.map((line, index) => ({
    title: line.title,
    productId: line.productId,
    quantity: normalizeDecimal(line.quantity),
    preTaxAmount: line.unitPrice,
    remise: normalizeDecimal(line.remise) || '0',
    details: line.details,
    // The visible order is the order: positions are 1..n whatever was stored.
    position: index + 1,
    addToStock: line.addToStock,
    taxRate: line.taxRate,
    unit: line.unit,
    // Labour has no part origin, whatever the line held before it was counted in hours.
    partOrigin: line.unit === 'HUR' ? null : (line.partOrigin ?? null),
    deductsDepositId: line.deductsDepositId ?? null,
  }));

export function toDocumentBody(values: DocumentFormValues, folderId: number | null, saleDate: string | null = null) {
  const type = typeOfCode(values.typeCode);
  const body: DocumentBody = {
    folderId,
    supplierId: type === 'purchase-order' ? values.supplierId : null,
    billTo: type === 'purchase-order' ? 'supplier' : values.billTo,
    customer: partyOrNull(values.customer),
    deliveryAddress: values.deliveryAddress,
    operationCategory: values.operationCategory,
    tax: values.tax,
    taxInclusive: values.taxInclusive,
    saleDate,
    paymentTermDays: values.paymentTermDays,
    notes: values.notes,
    buyerReference: values.buyerReference,
    exemptionReason: values.exemptionReason,
    ...(type === 'quotation' ? { executionDelay: values.executionDelay, quoteFee: values.quoteFee.trim() || '0' } : {}),
    lines: lineBodies(values.lines),
  };
  return { type, body };
}

/** A typed decimal, or 0 when nothing is typed yet; undefined when it is not a number. */
function typedNumber(text: string | undefined): number | undefined {
  const value = normalizeDecimal(text ?? '');
  if (value === '') return 0;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

function amountLine(line: Partial<LineValues> | undefined) {
  const price = (line?.unitPrice ?? '').trim() === '' ? 0 : parseEuros(line?.unitPrice ?? '');
  const quantity = typedNumber(line?.quantity);
  const discount = typedNumber(line?.remise);
  if (price === undefined || quantity === undefined || discount === undefined) return undefined;
  return { quantity, unitPrice: price, discount, taxRate: rateOrDefault(line?.taxRate) };
}

export interface LiveTotals {
  /** Pre-tax total of each line, cents; undefined for a line that cannot be computed. */
  lineTotals: (number | undefined)[];
  totals: DocumentTotals | undefined;
  /** CANNOT_CALCULATE_TOTAL when a typed value cannot be read (too many decimals, letters…). */
  error: string | undefined;
}

/** The totals of what is typed, with `documentTotals`: empty fields count as 0, unreadable ones stop the sum. */
export function liveTotals(lines: Partial<LineValues>[] | undefined, taxInclusive: boolean | undefined): LiveTotals {
  const amountLines = (lines ?? []).map(amountLine);
  const lineTotals = amountLines.map((line) => {
    if (!line) return undefined;
    try {
      return lineTotal(line, taxInclusive ?? false);
    } catch {
      return undefined;
    }
  });
  const readable = amountLines.filter((line) => line !== undefined);
  if (readable.length !== amountLines.length) return { lineTotals, totals: undefined, error: CANNOT_CALCULATE_TOTAL };
  try {
    // Every line readable: each line's pre-tax amount as the document will have it (a rate's base shared out).
    const totals = documentTotals(readable, taxInclusive ?? false);
    return { lineTotals: totals.lineTotals, totals, error: undefined };
  } catch {
    return { lineTotals, totals: undefined, error: CANNOT_CALCULATE_TOTAL };
  }
}
