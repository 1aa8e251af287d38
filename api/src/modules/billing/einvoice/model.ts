import {
  type BillingDocument,
  type BillingParty,
  deductibleSplitText,
  formatEurosText,
  insurerShareText,
  OPERATION_CATEGORY_LABELS,
  PART_ORIGIN_LABELS,
  PAYMENT_METHOD_PHRASES,
  parisDay,
  RECOVERY_INDEMNITY_CENTS,
  sirenOf,
} from 'contracts';
import { decimal, unitPrice } from '../../../lib/einvoice-numbers';
import type { Seller } from '../documents/documents-queries';
import { vehicleLine } from '../pdf/document-pdf-header';

/*
 * An issued invoice or credit note as the e-invoicing standard (EN 16931) sees it: business terms, not yet a
 * syntax. cii.ts writes it as UN/CEFACT CII (the XML inside a Factur-X), ubl.ts as UBL. One place decides
 * what each field holds, so the two syntaxes and the PDF never disagree. Business terms are named by their
 * EN 16931 number (BT-…) where a reader checks them against the standard.
 */

/** An electronic address (BT-34, BT-49): a scheme (0225: the French directory's SIREN-based address; EM: e-mail). */
export interface ElectronicAddress {
  scheme: string;
  id: string;
}

export interface EParty {
  name: string;
  tradeName: string;
  /** SIREN (scheme 0002), '' when the party has none (a private customer). */
  siren: string;
  /** SIRET (scheme 0009), '' when unknown. */
  siret: string;
  vatNumber: string;
  /**
   * BT-32, the seller's tax registration other than VAT: a garage outside VAT (art. 293 B) has no VAT number, and
   * its SIREN is its French tax identifier; the exempt lines' rule (BR-E-02) asks for one or the other.
   */
  taxRegistration: string;
  /** BT-33: the seller's legal form, capital and registry. */
  legalInfo: string;
  address: { line: string; postcode: string; city: string; country: 'FR' };
  electronicAddress: ElectronicAddress | null;
}

/** S: standard rate; E: exempt (0 % with its reason). */
export type VatCategory = 'S' | 'E';

export interface ELine {
  id: string;
  name: string;
  description: string;
  /** Positive, up to 2 decimals. */
  quantity: string;
  /** C62 (one), HUR (hour). */
  unitCode: string;
  /** Net unit price before tax, up to 6 decimals. */
  netPrice: string;
  /** Pre-tax total, cents, positive. */
  total: number;
  category: VatCategory;
  rate: number;
  note: string;
  characteristics: { name: string; value: string }[];
}

export interface ETax {
  category: VatCategory;
  rate: number;
  base: number;
  tax: number;
  exemptionReason: string;
}

export interface EInvoice {
  number: string;
  /** 380 commercial invoice, 381 credit note. */
  /** 380 invoice, 381 credit note, 386 deposit (prepayment) invoice (UNTDID 1001). */
  typeCode: '380' | '381' | '386';
  issueDay: string;
  saleDay: string;
  dueDay: string | null;
  /** BT-23, the French « cadre de facturation »: B1 goods, S1 services, M1 both (parts and labour); B2, S2, M2 the same already paid. */
  billingFramework: 'B1' | 'S1' | 'M1' | 'B2' | 'S2' | 'M2';
  /** BT-21/BT-22: one note per subject code. */
  notes: { subject: string; content: string }[];
  /** BT-10: the buyer's reference (an insurer's claim number). */
  buyerReference: string;
  seller: EParty;
  buyer: EParty;
  lines: ELine[];
  taxes: ETax[];
  /** Cents, positive; `prepaid`: what was paid before the invoice (a card purchase), `due` what is left. */
  totals: { lines: number; tax: number; grand: number; prepaid: number; due: number };
  /** BT-8 as CII writes it: 5 the invoice's date (VAT on debits), 72 the payment's (services), null unsaid. */
  taxPointCode: '5' | '72' | null;
  paymentTerms: string;
  iban: string;
  /** A credit note's invoice (BT-25, BT-26). */
  preceding: { number: string; issueDay: string } | null;
}

/** What the document alone does not say: the corrected invoice's date, the parties' electronic addresses. */
export interface EInvoiceContext {
  /** The issue day (YYYY-MM-DD) of the invoice a credit note corrects. */
  precedingIssueDay: string | null;
  /** The garage's electronic address; by default 0225 and its SIREN. */
  sellerAddress?: ElectronicAddress | null;
  /** The buyer's; by default 0225 and its SIREN for a business, its e-mail (EM) for a private customer. */
  buyerAddress?: ElectronicAddress | null;
}

const FRAMEWORK = { goods: 'B1', services: 'S1', mixed: 'M1' } as const;
/** A receipted invoice (paid as it was issued): everything prepaid, nothing due, due on the payment's day (BR-FR-CO-09). */
const PAID_FRAMEWORK = { goods: 'B2', services: 'S2', mixed: 'M2' } as const;

/**
 * An electronic address as « Ma société » or the insurer directory writes it: `0225:123456789_FACTURES`, or the
 * identifier alone for scheme 0225 (the French directory's). Empty: none given.
 */
export function parseElectronicAddress(value: string | null | undefined): ElectronicAddress | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const scheme = /^([0-9A-Z]{2,4}):(.+)$/.exec(text);
  return scheme ? { scheme: scheme[1] ?? '0225', id: scheme[2] ?? '' } : { scheme: '0225', id: text };
}
const compact = (value: string | null | undefined) => (value ?? '').replace(/\s/g, '');

/** What the e-invoice reads of a seller: « Ma société », or the product's publisher for the units it sells. */
export type SellerIdentity = Pick<
  Seller,
  | 'name'
  | 'siret'
  | 'vatNumber'
  | 'legalForm'
  | 'shareCapital'
  | 'registryKind'
  | 'registryPlace'
  | 'address'
  | 'postalCode'
  | 'city'
> & { tradeName?: string | null; einvoicingAddress?: string | null };

export function sellerParty(seller: SellerIdentity, address?: ElectronicAddress | null): EParty {
  const siret = compact(seller.siret);
  const siren = siret ? sirenOf(siret) : '';
  const capital = seller.shareCapital === null ? '' : ` au capital de ${formatEurosText(seller.shareCapital)}`;
  const registry = seller.registryKind ? ` — ${seller.registryKind} ${seller.registryPlace ?? ''} ${siren}` : '';
  return {
    name: seller.name,
    tradeName: seller.tradeName ?? '',
    siren,
    siret,
    vatNumber: compact(seller.vatNumber),
    taxRegistration: compact(seller.vatNumber) ? '' : siren,
    legalInfo: `${seller.legalForm ?? ''}${capital}${registry}`.trim(),
    address: { line: seller.address ?? '', postcode: seller.postalCode ?? '', city: seller.city ?? '', country: 'FR' },
    electronicAddress:
      address !== undefined
        ? address
        : (parseElectronicAddress(seller.einvoicingAddress) ?? (siren ? { scheme: '0225', id: siren } : null)),
  };
}

function buyerParty(buyer: BillingParty, address: ElectronicAddress | null | undefined): EParty {
  const siren = compact(buyer.siren);
  const byDefault: ElectronicAddress | null =
    parseElectronicAddress(buyer.einvoicingAddress) ??
    (buyer.isBusiness && siren
      ? { scheme: '0225', id: siren }
      : buyer.email
        ? { scheme: 'EM', id: buyer.email }
        : null);
  return {
    name: buyer.name,
    tradeName: '',
    siren,
    siret: '',
    vatNumber: compact(buyer.vatNumber),
    taxRegistration: '',
    legalInfo: '',
    address: { line: buyer.address, postcode: buyer.postalCode, city: buyer.city, country: 'FR' },
    electronicAddress: address === undefined ? byDefault : address,
  };
}

/** A credit note's lines are negative: the standard wants them positive, the type code saying « credit ». */
function eLines(document: BillingDocument, sign: 1 | -1): ELine[] {
  return document.lines.map((line, index) => {
    const quantity = Math.abs(line.quantity);
    const total = line.total * sign;
    return {
      id: String(index + 1),
      name: line.title,
      description: line.details,
      quantity: decimal(quantity),
      unitCode: line.unit,
      netPrice: quantity === 0 ? '0.00' : unitPrice(Math.abs(total), quantity),
      total,
      category: line.taxRate === 0 ? 'E' : 'S',
      rate: line.taxRate,
      note: line.remise ? `Remise ${decimal(line.remise).replace('.', ',')} %` : '',
      characteristics: line.partOrigin
        ? [{ name: 'Origine de la pièce', value: PART_ORIGIN_LABELS[line.partOrigin] }]
        : [],
    };
  });
}

/** The legal mentions every French e-invoice carries as notes (BR-FR-05) and the B2B/B2C flag (BR-FR-20). */
export function legalNotes(b2b: boolean, latePenaltyRate: number | null): EInvoice['notes'] {
  const penalties =
    latePenaltyRate === null
      ? 'trois fois le taux d’intérêt légal'
      : `${decimal(latePenaltyRate).replace('.', ',')} % par an`;
  return [
    {
      subject: 'PMT',
      content: b2b
        ? `Indemnité forfaitaire pour frais de recouvrement en cas de retard : ${formatEurosText(RECOVERY_INDEMNITY_CENTS)}`
        : 'Indemnité forfaitaire pour frais de recouvrement : sans objet (client particulier)',
    },
    { subject: 'PMD', content: `Pénalités de retard : ${penalties}, exigibles dès le lendemain de l’échéance` },
    { subject: 'AAB', content: 'Escompte pour paiement anticipé : néant' },
    { subject: 'BAR', content: b2b ? 'B2B' : 'B2C' },
  ];
}

/** The legal notes, then what the document says besides (AAI): vehicle, claim, reason, notes. */
function eNotes(document: BillingDocument, seller: Seller, b2b: boolean): EInvoice['notes'] {
  const claim = document.insurerMentions;
  const information = [
    document.vehicleMentions ? vehicleLine(document.vehicleMentions) : '',
    claim ? `Sinistre n° ${claim.claimNumber} — Contrat n° ${claim.policyNumber} — Assuré : ${claim.insuredName}` : '',
    claim?.deductible ? deductibleSplitText(claim.deductible, document.totalAmount) : '',
    document.insurerShare ? insurerShareText(document.insurerShare) : '',
    claim?.cession ? `Facture établie en vertu de la cession de créance signée par ${claim.cession.signedBy}` : '',
    document.type === 'credit-note' && document.creditReason ? `Motif de l’avoir : ${document.creditReason}` : '',
    `Catégorie de l’opération : ${OPERATION_CATEGORY_LABELS[document.operationCategory]}`,
    seller.vatOnDebits ? 'Option pour le paiement de la TVA d’après les débits' : '',
    document.notes,
  ];
  return [
    ...legalNotes(b2b, seller.latePenaltyRate),
    { subject: 'AAI', content: information.filter(Boolean).join('\n') },
  ];
}

/** The e-invoice of an issued invoice or credit note. */
/** BT-20: when and how the invoice is paid, as its PDF says. */
function paymentTermsNote(document: BillingDocument, issueDay: string): string {
  if (document.type !== 'invoice') return '';
  if (document.paidAtIssue) {
    return `Acquittée le ${issueDay.split('-').reverse().join('/')}, réglée par ${PAYMENT_METHOD_PHRASES[document.paidAtIssue]}`;
  }
  return `Paiement ${document.paymentTermDays === 0 ? 'à réception' : `à ${document.paymentTermDays} jours`}`;
}

export function eInvoiceOf(document: BillingDocument, seller: Seller, context: EInvoiceContext): EInvoice {
  if ((document.type !== 'invoice' && document.type !== 'credit-note') || !document.number || !document.issuedAt) {
    throw new Error('only an issued invoice or credit note has an e-invoice');
  }
  const sign = document.type === 'credit-note' ? -1 : 1;
  const issueDay = parisDay(new Date(document.issuedAt));
  const b2b = document.customer.isBusiness;
  const exemptionReason = document.exemptionReason || seller.vatExemption || '';
  const taxPointCode = seller.vatOnDebits ? '5' : document.operationCategory === 'services' ? '72' : null;
  const paid = document.type === 'invoice' && document.paidAtIssue !== null;
  return {
    number: document.number,
    typeCode: document.type === 'credit-note' ? '381' : document.deposit ? '386' : '380',
    issueDay,
    saleDay: document.saleDate ?? issueDay,
    dueDay: document.type !== 'invoice' ? null : paid ? issueDay : document.dueDate,
    billingFramework: (paid ? PAID_FRAMEWORK : FRAMEWORK)[document.operationCategory],
    notes: eNotes(document, seller, b2b),
    buyerReference: document.buyerReference,
    seller: sellerParty(seller, context.sellerAddress),
    buyer: buyerParty(document.customer, context.buyerAddress),
    lines: eLines(document, sign),
    taxes: document.vatByRate.map((entry) => ({
      category: entry.rate === 0 ? 'E' : 'S',
      rate: entry.rate,
      base: entry.base * sign,
      tax: entry.tax * sign,
      exemptionReason: entry.rate === 0 ? exemptionReason : '',
    })),
    totals: {
      lines: document.preTaxAmount * sign,
      tax: document.taxAmount * sign,
      grand: document.totalAmount * sign,
      prepaid: paid ? document.totalAmount : 0,
      due: paid ? 0 : document.totalAmount * sign,
    },
    taxPointCode,
    paymentTerms: paymentTermsNote(document, issueDay),
    iban: paid ? '' : compact(seller.iban),
    preceding:
      document.type === 'credit-note' && document.sourceNumber && context.precedingIssueDay
        ? { number: document.sourceNumber, issueDay: context.precedingIssueDay }
        : null,
  };
}
