import type { PDFFont } from '@cantoo/pdf-lib';
import { BILL_TO_LABELS, type BillingParty, type BillTo, formatEurosText, registryMention } from 'contracts';
import { type Entry, MUTED, type PdfCanvas, RULE } from '../../../lib/pdf-canvas';
import type { Seller } from '../documents/documents-queries';

/* The blocks every billing document prints: the seller's identity and the framed buyer. */

/** The garage as its documents name it. */
export const sellerName = (seller: Seller) => seller.tradeName || seller.name;

/** The seller's identity block, as the invoice prints it. */
export function sellerIdentity(seller: Seller, bold: PDFFont): Entry[] {
  const capital = seller.shareCapital ? `au capital de ${formatEurosText(seller.shareCapital)}` : '';
  return [
    { text: sellerName(seller), size: 13, font: bold },
    { text: seller.tradeName && seller.tradeName !== seller.name ? seller.name : '' },
    { text: seller.address ?? '' },
    { text: [seller.postalCode, seller.city].filter(Boolean).join(' ') },
    { text: [seller.legalForm, capital].filter(Boolean).join(' ') },
    { text: seller.siret ? `SIRET ${seller.siret} — SIREN ${seller.siret.slice(0, 9)}` : '' },
    { text: registryMention(seller) },
    { text: seller.vatNumber ? `N° TVA intracommunautaire : ${seller.vatNumber}` : (seller.vatExemption ?? '') },
    { text: [seller.email, seller.phone ? `Tél. ${seller.phone}` : ''].filter(Boolean).join(' — ') },
  ];
}

/** The buyer's block, as the invoice prints it (framed by `framedColumn`). */
export function buyerIdentity(buyer: BillingParty, billTo: BillTo, bold: PDFFont): Entry[] {
  return [
    { text: BILL_TO_LABELS[billTo].toUpperCase(), size: 7, color: MUTED },
    { text: buyer.name, size: 10, font: bold },
    { text: buyer.address },
    { text: [buyer.postalCode, buyer.city].filter(Boolean).join(' ') },
    { text: buyer.siren ? `SIREN ${buyer.siren}` : '' },
    { text: buyer.vatNumber ? `N° TVA intracommunautaire : ${buyer.vatNumber}` : '' },
    { text: buyer.email },
    // An insurer's claims service, when its invoices go there: under the head office, the legal buyer's address.
    { text: buyer.billingAddress ? `Adresse de facturation : ${buyer.billingAddress}` : '' },
  ];
}

/** `entries` in a frame whose top-left is (x, top); answers the y under the frame. */
export function framedColumn(canvas: PdfCanvas, x: number, width: number, top: number, entries: Entry[]) {
  const bottom = canvas.column(x + 8, width - 16, top - 4, entries);
  canvas.page.drawRectangle({
    x,
    y: bottom - 8,
    width,
    height: top - bottom + 8,
    borderColor: RULE,
    borderWidth: 0.8,
  });
  return bottom - 8;
}
