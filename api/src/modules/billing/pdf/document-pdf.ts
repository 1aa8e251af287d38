import {
  BILL_TO_LABELS,
  type BillingDocument,
  DOCUMENT_TYPE_LABELS,
  formatEurosText,
  LINE_UNIT_LABELS,
  OPERATION_CATEGORY_LABELS,
  PART_ORIGIN_LABELS,
  RECOVERY_INDEMNITY_CENTS,
  registryMention,
  unitPriceBeforeTax,
} from 'contracts';
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { A4, drawable, wrap } from '../../../lib/pdf';
import type { Seller } from '../documents/documents-queries';
import { parisDay } from '../documents/numbering';
import { embedLogo, LOGO_BOX, vehicleLine } from './document-pdf-header';

/*
 * A commercial document as a French invoice prints it (Code de commerce L441-9, CGI 242 nonies A, and the
 * e-invoicing reform's new mentions): seller and buyer identities, number and dates, the lines, VAT per rate,
 * totals, payment terms and penalties. A4, standard fonts, as many pages as the lines need (the table header is
 * repeated), a footer with the page number; a draft says BROUILLON across every page.
 */

const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const FOOTER = 30;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.42, 0.42, 0.42);
const RULE = rgb(0.8, 0.8, 0.8);
const SHADE = rgb(0.93, 0.95, 0.93);

const decimal = (value: number) => String(value).replace('.', ',');
const frenchDate = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
interface Style {
  size?: number;
  font?: PDFFont;
  color?: ReturnType<typeof rgb>;
}
interface Column {
  label: string;
  width: number;
  right?: boolean;
}

export async function documentPdf(document: BillingDocument, seller: Seller): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const label = DOCUMENT_TYPE_LABELS[document.type];
  const draft = document.status === 'draft';
  const sellerName = seller.tradeName || seller.name;
  pdf.setTitle(draft ? `${label} (brouillon)` : `${label} ${document.number}`);
  pdf.setAuthor(sellerName);
  pdf.setSubject(`${label} — ${document.customer.name}`);
  pdf.setCreator('Back-office garage');
  pdf.setLanguage('fr-FR');

  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const newPage = () => {
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const draw = (value: string, x: number, atY: number, { size = 9, font = regular, color = INK }: Style = {}) => {
    page.drawText(drawable(value), { x, y: atY, size, font, color });
  };
  const drawRight = (value: string, right: number, atY: number, style: Style = {}) => {
    const width = (style.font ?? regular).widthOfTextAtSize(drawable(value), style.size ?? 9);
    draw(value, right - width, atY, style);
  };
  /** Lines of text from `top` down in a column; answers the y under them. */
  const column = (x: number, width: number, top: number, entries: (Style & { text: string })[]) => {
    let at = top;
    for (const { text, ...style } of entries) {
      if (!text) continue;
      const size = style.size ?? 9;
      for (const line of wrap(text, style.font ?? regular, size, width)) {
        at -= size * 1.35;
        draw(line, x, at, style);
      }
    }
    return at;
  };
  /** A paragraph over the page width, on a new page when the current one is full. */
  const paragraph = (text: string, style: Style = {}, gap = 3) => {
    const size = style.size ?? 8;
    y -= gap;
    for (const line of wrap(text, style.font ?? regular, size, WIDTH)) {
      if (y - size * 1.35 < MARGIN + FOOTER) newPage();
      y -= size * 1.35;
      draw(line, MARGIN, y, { size, ...style });
    }
  };

  // Seller (left) and the document's title, number and dates (right).
  const half = WIDTH / 2;
  const siren = seller.siret?.slice(0, 9);
  const capital = seller.shareCapital ? `au capital de ${formatEurosText(seller.shareCapital)}` : '';
  let sellerTop = y;
  const logo = await embedLogo(pdf, seller);
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
    page.drawImage(logo, {
      x: MARGIN,
      y: y - logo.height * scale,
      width: logo.width * scale,
      height: logo.height * scale,
    });
    sellerTop = y - logo.height * scale - 6;
  }
  const sellerBottom = column(MARGIN, half - 10, sellerTop, [
    { text: sellerName, size: 13, font: bold },
    { text: seller.tradeName && seller.tradeName !== seller.name ? seller.name : '' },
    { text: seller.address ?? '' },
    { text: [seller.postalCode, seller.city].filter(Boolean).join(' ') },
    { text: [seller.legalForm, capital].filter(Boolean).join(' ') },
    { text: seller.siret ? `SIRET ${seller.siret} — SIREN ${siren}` : '' },
    { text: registryMention(seller) },
    { text: seller.vatNumber ? `N° TVA intracommunautaire : ${seller.vatNumber}` : (seller.vatExemption ?? '') },
    { text: [seller.email, seller.phone ? `Tél. ${seller.phone}` : ''].filter(Boolean).join(' — ') },
    // A franchisee tells the public it is its own business (the network's name is not the seller's).
    { text: seller.network ? `Entreprise indépendante, membre du réseau ${seller.network}` : '', font: bold },
  ]);
  const issuedDay = document.issuedAt ? parisDay(new Date(document.issuedAt)) : null;
  const right = MARGIN + half + 10;
  const titleBottom = column(right, half - 10, y, [
    { text: draft ? `${label.toUpperCase()} — BROUILLON` : label.toUpperCase(), size: 17, font: bold },
    { text: draft ? 'Brouillon sans numéro, sans valeur comptable' : `N° ${document.number}`, size: 11, font: bold },
    { text: issuedDay ? `Date d’émission : ${frenchDate(issuedDay)}` : '' },
    {
      text:
        document.type !== 'purchase-order' && (document.saleDate ?? issuedDay)
          ? `Date de la vente ou de la prestation : ${frenchDate(document.saleDate ?? issuedDay)}`
          : '',
    },
    {
      text: document.type === 'invoice' && document.dueDate ? `Date d’échéance : ${frenchDate(document.dueDate)}` : '',
    },
    {
      text:
        document.type === 'quotation' && document.dueDate ? `Valable jusqu’au : ${frenchDate(document.dueDate)}` : '',
    },
    {
      text:
        document.type === 'credit-note' && document.sourceNumber
          ? `Avoir sur la facture n° ${document.sourceNumber}`
          : '',
      font: bold,
    },
    { text: document.type === 'credit-note' && document.creditReason ? `Motif : ${document.creditReason}` : '' },
    {
      text: document.type === 'invoice' && document.sourceNumber ? `Selon devis n° ${document.sourceNumber}` : '',
    },
    { text: document.folderNumber ? `Dossier ${document.folderNumber}` : '' },
    { text: document.buyerReference ? `Votre référence : ${document.buyerReference}` : '' },
  ]);

  // The buyer (or the supplier of a purchase order), framed.
  const buyer = document.customer;
  const boxTop = titleBottom - 10;
  const buyerBottom = column(right + 8, half - 26, boxTop - 4, [
    { text: BILL_TO_LABELS[document.billTo].toUpperCase(), size: 7, color: MUTED },
    { text: buyer.name, size: 10, font: bold },
    { text: buyer.address },
    { text: [buyer.postalCode, buyer.city].filter(Boolean).join(' ') },
    { text: buyer.siren ? `SIREN ${buyer.siren}` : '' },
    { text: buyer.vatNumber ? `N° TVA intracommunautaire : ${buyer.vatNumber}` : '' },
    { text: buyer.email },
  ]);
  page.drawRectangle({
    x: right,
    y: buyerBottom - 8,
    width: half - 10,
    height: boxTop - buyerBottom + 8,
    borderColor: RULE,
    borderWidth: 0.8,
  });
  y = Math.min(sellerBottom, buyerBottom - 8) - 12;

  if (document.deliveryAddress) paragraph(`Adresse de livraison : ${document.deliveryAddress}`, { size: 9 });
  paragraph(`Catégorie de l’opération : ${OPERATION_CATEGORY_LABELS[document.operationCategory]}`, { size: 9 });
  if (seller.vatOnDebits) paragraph('Option pour le paiement de la TVA d’après les débits', { size: 9 });
  if (document.vehicleMentions) paragraph(vehicleLine(document.vehicleMentions), { size: 9 });
  // Labour's hourly rate (arrêté du 2 mars 1990), before tax, from the lines counted in hours.
  const hourlyRates = [
    ...new Set(
      document.lines
        .filter((line) => line.unit === 'HUR' && line.unitPrice > 0)
        .map((line) => unitPriceBeforeTax(line.unitPrice, line.taxRate, document.taxInclusive)),
    ),
  ];
  if (hourlyRates.length > 0) {
    paragraph(`Taux horaire de main-d’œuvre : ${hourlyRates.map((rate) => `${formatEurosText(rate)} HT`).join(', ')}`, {
      size: 9,
    });
  }
  const claim = document.insurerMentions;
  if (claim) {
    paragraph(
      `Sinistre n° ${claim.claimNumber} — Contrat n° ${claim.policyNumber} — Assuré : ${claim.insuredName}`,
      { size: 9, font: bold },
      6,
    );
    // The vehicle is the document's own line above (with its mileage); an insurer invoice always has a folder.
    if (!document.vehicleMentions) paragraph(vehicleLine({ ...claim, mileage: null }), { size: 9 });
    paragraph(`Travaux réalisés le ${frenchDate(claim.workDate)} — Lieu : ${claim.workPlace}`, { size: 9 });
    if (claim.deductible) {
      paragraph(
        `Franchise à la charge de l’assuré : ${formatEurosText(claim.deductible.amount)} (facture n° ${claim.deductible.invoiceNumber})`,
        { size: 9 },
      );
    }
    paragraph(
      claim.cession
        ? `Facture établie en vertu de la cession de créance signée le ${frenchDate(parisDay(new Date(claim.cession.signedAt)))} par ${claim.cession.signedBy}.`
        : `Facture émise sans cession de créance signée. Motif : ${claim.cessionOverride ?? ''}`,
      { size: 9 },
    );
  }
  y -= 10;

  // The lines: unit and unit price before tax on every line (also when typed tax-inclusive), a part's origin.
  const inclusive = document.taxInclusive;
  const fixed: Column[] = [
    { label: 'Réf.', width: 62 },
    { label: 'Qté', width: 32, right: true },
    { label: 'Unité', width: 34 },
    { label: 'PU HT', width: 56, right: true },
    ...(inclusive ? [{ label: 'PU TTC', width: 56, right: true }] : []),
    { label: 'Remise', width: 38, right: true },
    { label: 'TVA', width: 32, right: true },
    { label: 'Total HT', width: 62, right: true },
  ];
  const columns: Column[] = [
    { label: 'Désignation', width: WIDTH - fixed.reduce((sum, col) => sum + col.width, 0) },
    ...fixed,
  ];
  const cells = (values: string[], style: Style, atY: number) => {
    let x = MARGIN;
    values.forEach((value, index) => {
      const col = columns[index] as Column;
      if (col.right) drawRight(value, x + col.width - 4, atY, style);
      else draw(value, x + 4, atY, style);
      x += col.width;
    });
  };
  const tableHeader = () => {
    page.drawRectangle({ x: MARGIN, y: y - 16, width: WIDTH, height: 16, color: SHADE });
    cells(
      columns.map((col) => col.label),
      { size: 8, font: bold },
      y - 11,
    );
    y -= 16;
  };
  tableHeader();
  for (const line of document.lines) {
    const title = [
      ...wrap(line.title, regular, 8.5, (columns[0] as Column).width - 8).map((text) => ({ text, muted: false })),
      ...(line.partOrigin
        ? wrap(PART_ORIGIN_LABELS[line.partOrigin], regular, 7.5, (columns[0] as Column).width - 8).map((text) => ({
            text,
            muted: true,
          }))
        : []),
    ];
    const reference = wrap(line.details, regular, 8, (columns[1] as Column).width - 8);
    const height = Math.max(title.length, reference.length, 1) * 11 + 6;
    if (y - height < MARGIN + FOOTER) {
      newPage();
      tableHeader();
    }
    const referenceX = MARGIN + (columns[0] as Column).width + 4;
    for (const [index, { text, muted }] of title.entries()) {
      draw(text, MARGIN + 4, y - 12 - index * 11, muted ? { size: 7.5, color: MUTED } : { size: 8.5 });
    }
    for (const [index, text] of reference.entries()) draw(text, referenceX, y - 12 - index * 11, { size: 8 });
    cells(
      [
        '',
        '',
        decimal(line.quantity),
        LINE_UNIT_LABELS[line.unit],
        formatEurosText(unitPriceBeforeTax(line.unitPrice, line.taxRate, inclusive)),
        ...(inclusive ? [formatEurosText(line.unitPrice)] : []),
        line.remise ? `${decimal(line.remise)} %` : '',
        `${decimal(line.taxRate)} %`,
        formatEurosText(line.total),
      ],
      { size: 8.5 },
      y - 12,
    );
    y -= height;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.4, color: RULE });
  }

  // VAT per rate (left) and totals (right).
  const invoice = document.type === 'invoice';
  const totals: [string, number, boolean][] = [
    ['Total HT', document.preTaxAmount, false],
    ['Total TVA', document.taxAmount, false],
    [document.type === 'credit-note' ? 'Total TTC de l’avoir' : 'Total TTC', document.totalAmount, true],
    // The original states what is due at issue; payments and credit notes come later, in their own documents.
    ...(invoice ? ([['Net à payer', document.totalAmount, true]] as [string, number, boolean][]) : []),
  ];
  const needed = Math.max(document.vatByRate.length + 1, totals.length) * 15 + 20;
  if (y - needed < MARGIN + FOOTER) newPage();
  y -= 14;
  const top = y;
  draw('Taux de TVA', MARGIN, y - 10, { size: 8, font: bold });
  drawRight('Base HT', MARGIN + 160, y - 10, { size: 8, font: bold });
  drawRight('Montant TVA', MARGIN + 240, y - 10, { size: 8, font: bold });
  document.vatByRate.forEach((rate, index) => {
    const at = y - 25 - index * 14;
    draw(`${decimal(rate.rate)} %`, MARGIN, at, { size: 8.5 });
    drawRight(formatEurosText(rate.base), MARGIN + 160, at, { size: 8.5 });
    drawRight(formatEurosText(rate.tax), MARGIN + 240, at, { size: 8.5 });
  });
  const totalsLeft = MARGIN + WIDTH - 220;
  totals.forEach(([name, amount, strong], index) => {
    const at = top - 10 - index * 15;
    if (strong) page.drawRectangle({ x: totalsLeft - 4, y: at - 4, width: 224, height: 15, color: SHADE });
    draw(name, totalsLeft, at, { size: 9, font: strong ? bold : regular });
    drawRight(formatEurosText(amount), MARGIN + WIDTH - 4, at, { size: 9, font: strong ? bold : regular });
  });
  y = top - needed;

  // Why the 0 % lines bear no VAT (CGI 242 nonies A I 10°); a garage outside VAT says so under its identity.
  if (document.exemptionReason && document.lines.some((line) => line.taxRate === 0)) {
    paragraph(`TVA à 0 % : ${document.exemptionReason}`, { size: 8.5 });
  }

  // Mentions.
  if (invoice) {
    const terms = document.paymentTermDays === 0 ? 'à réception' : `à ${document.paymentTermDays} jours`;
    const due = document.dueDate ? `, au plus tard le ${frenchDate(document.dueDate)}` : '';
    paragraph(`Conditions de paiement : paiement ${terms}${due}. Escompte pour paiement anticipé : néant.`);
    const rate =
      seller.latePenaltyRate === null
        ? 'trois fois le taux d’intérêt légal'
        : `${decimal(seller.latePenaltyRate)} % par an`;
    paragraph(`Pénalités de retard : ${rate}, exigibles dès le lendemain de la date d’échéance.`);
    if (buyer.isBusiness) {
      paragraph(`Indemnité forfaitaire pour frais de recouvrement : ${formatEurosText(RECOVERY_INDEMNITY_CENTS)}`);
    }
    if (seller.iban) paragraph(`Règlement par virement : IBAN ${seller.iban}`);
  }
  if (document.type === 'quotation') paragraph('Bon pour accord, date et signature du client :', {}, 10);
  if (document.type === 'purchase-order') {
    paragraph('Merci de rappeler le numéro de ce bon de commande sur le bon de livraison et la facture.');
  }
  if (document.notes) paragraph(document.notes, { size: 8.5, color: INK }, 10);

  // Every page: the footer, and BROUILLON across a draft (drawn last, light, so the text stays readable).
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    page = each;
    draw([sellerName, seller.siret ? `SIRET ${seller.siret}` : ''].filter(Boolean).join(' — '), MARGIN, 22, {
      size: 7,
      color: MUTED,
    });
    drawRight(`Page ${index + 1} / ${pages.length}`, MARGIN + WIDTH, 22, { size: 7, color: MUTED });
    if (draft) {
      each.drawText('BROUILLON', {
        x: 120,
        y: 250,
        size: 96,
        font: bold,
        color: rgb(0.75, 0.75, 0.75),
        opacity: 0.3,
        rotate: degrees(40),
      });
    }
  });
  return pdf.save();
}
