import {
  type BillingDocument,
  deductibleSplitText,
  depositMention,
  documentLabel,
  formatEurosText,
  insurerShareText,
  OPERATION_CATEGORY_LABELS,
  PAYMENT_METHOD_PHRASES,
  RECOVERY_INDEMNITY_CENTS,
  unitPriceBeforeTax,
} from 'contracts';
import { type Entry, MARGIN, PdfCanvas, WIDTH } from '../../../lib/pdf-canvas';
import { embedInvoiceXml } from '../../../lib/pdf-factur-x';
import type { Seller } from '../documents/documents-queries';
import { parisDay } from '../documents/numbering';
import { embedLogo, LOGO_BOX, vehicleLine } from './document-pdf-header';
import { decimal, drawLines, drawTotals, frenchDate } from './document-pdf-lines';
import { buyerIdentity, framedColumn, sellerIdentity, sellerName } from './identity-blocks';

/*
 * A commercial document as a French invoice prints it (Code de commerce L441-9, CGI 242 nonies A, and the
 * e-invoicing reform's new mentions): seller and buyer identities, number and dates, the lines, VAT per rate,
 * totals, payment terms and penalties. A4, as many pages as the lines need (the table header is repeated), a footer
 * with the page number; a draft says BROUILLON across every page.
 */

/** The document's PDF; given its e-invoice's XML (an issued invoice or credit note), a Factur-X PDF/A-3 carrying it. */
export async function documentPdf(
  document: BillingDocument,
  seller: Seller,
  einvoiceXml?: string,
): Promise<Uint8Array> {
  const label = documentLabel(document);
  const draft = document.status === 'draft';
  const at = document.issuedAt ? new Date(document.issuedAt) : new Date();
  const canvas = await PdfCanvas.create({
    title: draft ? `${label} (brouillon)` : `${label} ${document.number}`,
    author: sellerName(seller),
    subject: `${label} — ${document.customer.name}`,
    // An issued document is dated by its issue, so drawing it again gives the same bytes; a draft by now.
    at,
  });
  await drawHeading(canvas, document, seller);
  drawContext(canvas, document, seller);
  canvas.y -= 10;
  drawLines(canvas, document);
  drawTotals(canvas, document);
  drawTerms(canvas, document, seller);
  canvas.footers([sellerName(seller), seller.siret ? `SIRET ${seller.siret}` : ''].filter(Boolean).join(' — '));
  if (draft) canvas.watermark('BROUILLON');
  if (einvoiceXml) await embedInvoiceXml(canvas.pdf, einvoiceXml, at);
  return canvas.pdf.save();
}

/** Seller with its logo (left), the document's title, number and dates (right), the buyer framed under them. */
async function drawHeading(canvas: PdfCanvas, document: BillingDocument, seller: Seller) {
  const half = WIDTH / 2;
  const top = canvas.y;
  let sellerTop = top;
  const logo = await embedLogo(canvas.pdf, seller);
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
    const height = logo.height * scale;
    canvas.page.drawImage(logo, { x: MARGIN, y: top - height, width: logo.width * scale, height });
    sellerTop = top - height - 6;
  }
  const sellerBottom = canvas.column(MARGIN, half - 10, sellerTop, [
    ...sellerIdentity(seller, canvas.bold),
    // A franchisee tells the public it is its own business (the network's name is not the seller's).
    { text: seller.network ? `Entreprise indépendante, membre du réseau ${seller.network}` : '', font: canvas.bold },
  ]);
  const right = MARGIN + half + 10;
  const titleBottom = canvas.column(right, half - 10, top, titleEntries(canvas, document));
  // The buyer (or the supplier of a purchase order), framed.
  const buyerBottom = framedColumn(
    canvas,
    right,
    half - 10,
    titleBottom - 10,
    buyerIdentity(document.customer, document.billTo, canvas.bold),
  );
  canvas.y = Math.min(sellerBottom, buyerBottom) - 12;
}

/**
 * What a garage's quote must say besides its lines (arrêté du 2 mars 1990, art. 4): when the work is done, and
 * whether the quote is free or what it costs.
 */
function quoteTerms(document: BillingDocument): Entry[] {
  const delay = document.executionDelay || 'à convenir à l’acceptation du devis';
  const fee = document.quoteFee === 0 ? 'Devis gratuit' : `Devis payant : ${formatEurosText(document.quoteFee)} TTC`;
  return [{ text: `Délai d’exécution des travaux : ${delay}` }, { text: fee }];
}

/** The title block: type, number (or the draft's warning), dates, the source document, folder and reference. */
function titleEntries(canvas: PdfCanvas, document: BillingDocument): Entry[] {
  const label = documentLabel(document);
  const draft = document.status === 'draft';
  const { type } = document;
  const issuedDay = document.issuedAt ? parisDay(new Date(document.issuedAt)) : null;
  // A quote sells nothing yet: it says how long it holds, when the work is done and what it costs itself instead.
  const saleDay = type === 'invoice' || type === 'credit-note' ? (document.saleDate ?? issuedDay) : null;
  const creditNote = type === 'credit-note';
  return [
    { text: draft ? `${label.toUpperCase()} — BROUILLON` : label.toUpperCase(), size: 17, font: canvas.bold },
    {
      text: draft ? 'Brouillon sans numéro, sans valeur comptable' : `N° ${document.number}`,
      size: 11,
      font: canvas.bold,
    },
    { text: issuedDay ? `Date d’émission : ${frenchDate(issuedDay)}` : '' },
    { text: saleDay ? `Date de la vente ou de la prestation : ${frenchDate(saleDay)}` : '' },
    { text: type === 'invoice' && document.dueDate ? `Date d’échéance : ${frenchDate(document.dueDate)}` : '' },
    { text: type === 'quotation' && document.dueDate ? `Valable jusqu’au : ${frenchDate(document.dueDate)}` : '' },
    ...(type === 'quotation' ? quoteTerms(document) : []),
    {
      text: creditNote && document.sourceNumber ? `Avoir sur la facture n° ${document.sourceNumber}` : '',
      font: canvas.bold,
    },
    { text: creditNote && document.creditReason ? `Motif : ${document.creditReason}` : '' },
    {
      text:
        type === 'invoice' && document.sourceNumber
          ? document.deposit
            ? depositMention(document.sourceNumber)
            : `Selon devis n° ${document.sourceNumber}`
          : '',
    },
    { text: document.folderNumber ? `Dossier ${document.folderNumber}` : '' },
    { text: document.buyerReference ? `Votre référence : ${document.buyerReference}` : '' },
  ];
}

/** What the operation is: delivery address, category, VAT on debits, vehicle, hourly rate, the insurer's claim. */
function drawContext(canvas: PdfCanvas, document: BillingDocument, seller: Seller) {
  const line = (text: string) => canvas.paragraph(text, { size: 9 });
  if (document.deliveryAddress) line(`Adresse de livraison : ${document.deliveryAddress}`);
  line(`Catégorie de l’opération : ${OPERATION_CATEGORY_LABELS[document.operationCategory]}`);
  if (seller.vatOnDebits) line('Option pour le paiement de la TVA d’après les débits');
  if (document.vehicleMentions) line(vehicleLine(document.vehicleMentions));
  // Labour's hourly rate (arrêté du 2 mars 1990), before tax, from the lines counted in hours.
  const hourlyRates = [
    ...new Set(
      document.lines
        .filter((each) => each.unit === 'HUR' && each.unitPrice > 0)
        .map((each) => unitPriceBeforeTax(each.unitPrice, each.taxRate, document.taxInclusive)),
    ),
  ];
  if (hourlyRates.length > 0) {
    line(`Taux horaire de main-d’œuvre : ${hourlyRates.map((rate) => `${formatEurosText(rate)} HT`).join(', ')}`);
  }
  if (document.insurerMentions) drawClaim(canvas, document, document.insurerMentions);
  if (document.insurerShare) canvas.paragraph(insurerShareText(document.insurerShare), { size: 9 });
}

/** An insurer's invoice: the claim, the vehicle, the work, the insured's deductible and the assignment of claim. */
function drawClaim(
  canvas: PdfCanvas,
  document: BillingDocument,
  claim: NonNullable<BillingDocument['insurerMentions']>,
) {
  const line = (text: string) => canvas.paragraph(text, { size: 9 });
  canvas.paragraph(
    `Sinistre n° ${claim.claimNumber} — Contrat n° ${claim.policyNumber} — Assuré : ${claim.insuredName}`,
    { size: 9, font: canvas.bold },
    6,
  );
  // The vehicle is the document's own line above (with its mileage); an insurer invoice always has a folder.
  if (!document.vehicleMentions) line(vehicleLine({ ...claim, mileage: null }));
  line(`Travaux réalisés le ${frenchDate(claim.workDate)} — Lieu : ${claim.workPlace}`);
  if (claim.deductible) line(deductibleSplitText(claim.deductible, document.totalAmount));
  line(
    claim.cession
      ? `Facture établie en vertu de la cession de créance signée le ${frenchDate(parisDay(new Date(claim.cession.signedAt)))} par ${claim.cession.signedBy}.`
      : `Facture émise sans cession de créance signée. Motif : ${claim.cessionOverride ?? ''}`,
  );
}

/**
 * An invoice's payment: « Acquittée le … par … » when it was paid as it was issued, else when and how to pay it. Late
 * penalties and the recovery indemnity are owed between businesses (Code de commerce L441-9 and L441-10): a business
 * buyer's invoice states them even when receipted; a private customer's only while something is due.
 */
function drawPaymentTerms(canvas: PdfCanvas, document: BillingDocument, seller: Seller) {
  const issueDay = document.issuedAt ? parisDay(new Date(document.issuedAt)) : null;
  if (document.paidAtIssue && issueDay) {
    canvas.paragraph(
      `Facture acquittée le ${frenchDate(issueDay)}, réglée par ${PAYMENT_METHOD_PHRASES[document.paidAtIssue]}.`,
      { font: canvas.bold },
    );
  } else {
    const terms = document.paymentTermDays === 0 ? 'à réception' : `à ${document.paymentTermDays} jours`;
    const due = document.dueDate ? `, au plus tard le ${frenchDate(document.dueDate)}` : '';
    canvas.paragraph(`Conditions de paiement : paiement ${terms}${due}. Escompte pour paiement anticipé : néant.`);
  }
  if (document.paidAtIssue && !document.customer.isBusiness) return;
  const rate =
    seller.latePenaltyRate === null
      ? 'trois fois le taux d’intérêt légal'
      : `${decimal(seller.latePenaltyRate)} % par an`;
  canvas.paragraph(`Pénalités de retard : ${rate}, exigibles dès le lendemain de la date d’échéance.`);
  if (document.customer.isBusiness) {
    canvas.paragraph(`Indemnité forfaitaire pour frais de recouvrement : ${formatEurosText(RECOVERY_INDEMNITY_CENTS)}`);
  }
  if (seller.iban && !document.paidAtIssue) canvas.paragraph(`Règlement par virement : IBAN ${seller.iban}`);
}

/** Under the totals: the 0 % lines' reason, an invoice's payment terms and penalties, a quote's acceptance, notes. */
function drawTerms(canvas: PdfCanvas, document: BillingDocument, seller: Seller) {
  // Why the 0 % lines bear no VAT (CGI 242 nonies A I 10°); a garage outside VAT says so under its identity.
  if (document.exemptionReason && document.lines.some((line) => line.taxRate === 0)) {
    canvas.paragraph(`TVA à 0 % : ${document.exemptionReason}`, { size: 8.5 });
  }
  if (document.type === 'invoice') drawPaymentTerms(canvas, document, seller);
  if (document.type === 'quotation') canvas.paragraph('Bon pour accord, date et signature du client :', {}, 10);
  if (document.type === 'purchase-order') {
    canvas.paragraph('Merci de rappeler le numéro de ce bon de commande sur le bon de livraison et la facture.');
  }
  if (document.notes) canvas.paragraph(document.notes, { size: 8.5 }, 10);
}
