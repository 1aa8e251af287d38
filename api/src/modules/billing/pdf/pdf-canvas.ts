import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { BILL_TO_LABELS, type BillingParty, type BillTo, formatEurosText, registryMention } from 'contracts';
import { A4, drawable, wrap } from '../../../lib/pdf';
import { newPdf, type PdfMeta } from '../../../lib/pdf-document';
import type { Seller } from '../documents/documents-queries';

/*
 * The drawing of the garage's billing PDFs (quotes, invoices, credit notes, purchase orders, the payment statement):
 * A4, 40 pt margins, the embedded fonts (lib/pdf-document.ts), green-grey shades, a cursor `y` going down the page, a new page when it is
 * full, the seller's identity and the framed buyer, tables whose header is repeated on each page, and a footer.
 */

export const MARGIN = 40;
export const WIDTH = A4.width - 2 * MARGIN;
const FOOTER = 30;
export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.42, 0.42, 0.42);
export const RULE = rgb(0.8, 0.8, 0.8);
export const SHADE = rgb(0.93, 0.95, 0.93);

export interface Style {
  size?: number;
  font?: PDFFont;
  color?: ReturnType<typeof rgb>;
}
export type Entry = Style & { text: string };
export interface Column {
  label: string;
  width: number;
  right?: boolean;
}

/** "2026-11-24" -> "24/11/2026". */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');

export class PdfCanvas {
  page: PDFPage;
  /** Where the next line goes, from the bottom of the page. */
  y = A4.height - MARGIN;

  private constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  static async create(meta: PdfMeta): Promise<PdfCanvas> {
    const { pdf, regular, bold } = await newPdf(meta);
    return new PdfCanvas(pdf, regular, bold);
  }

  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** A new page unless `height` points still fit above the footer. */
  ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  draw(value: string, x: number, atY: number, { size = 9, font = this.regular, color = INK }: Style = {}) {
    this.page.drawText(drawable(value), { x, y: atY, size, font, color });
  }

  drawRight(value: string, right: number, atY: number, style: Style = {}) {
    const width = (style.font ?? this.regular).widthOfTextAtSize(drawable(value), style.size ?? 9);
    this.draw(value, right - width, atY, style);
  }

  /** Lines of text from `top` down in a column (empty entries skipped); answers the y under them. */
  column(x: number, width: number, top: number, entries: Entry[]) {
    let at = top;
    for (const { text, ...style } of entries) {
      if (!text) continue;
      const size = style.size ?? 9;
      for (const line of wrap(text, style.font ?? this.regular, size, width)) {
        at -= size * 1.35;
        this.draw(line, x, at, style);
      }
    }
    return at;
  }

  /** A paragraph over the page width, `gap` points under what precedes it. */
  paragraph(text: string, style: Style = {}, gap = 3) {
    const size = style.size ?? 8;
    this.y -= gap;
    for (const line of wrap(text, style.font ?? this.regular, size, WIDTH)) {
      this.ensure(size * 1.35);
      this.y -= size * 1.35;
      this.draw(line, MARGIN, this.y, { size, ...style });
    }
  }

  /** `text` cut to `width` points, with an ellipsis when it had to be. */
  fit(text: string, width: number, { size = 9, font = this.regular }: Style = {}) {
    let value = drawable(text);
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    while (value && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
    return `${value}…`;
  }

  /** One row of `columns` at `atY`: each value cut to its column, numbers on the right. */
  cells(columns: Column[], values: string[], style: Style, atY: number) {
    let x = MARGIN;
    values.forEach((value, index) => {
      const column = columns[index] as Column;
      const text = this.fit(value, column.width - 8, style);
      if (column.right) this.drawRight(text, x + column.width - 4, atY, style);
      else this.draw(text, x + 4, atY, style);
      x += column.width;
    });
  }

  /** A table's shaded header row, drawn again at the top of each page the table runs onto. */
  tableHeader(columns: Column[]) {
    this.page.drawRectangle({ x: MARGIN, y: this.y - 16, width: WIDTH, height: 16, color: SHADE });
    this.cells(
      columns,
      columns.map((column) => column.label),
      { size: 8, font: this.bold },
      this.y - 11,
    );
    this.y -= 16;
  }

  /** A new page with the table's header when a row of `height` no longer fits. */
  ensureRow(columns: Column[], height: number) {
    if (this.y - height >= MARGIN + FOOTER) return;
    this.newPage();
    this.tableHeader(columns);
  }

  /** The rule under a table row. */
  rowRule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.4,
      color: RULE,
    });
  }

  /** A table: shaded header (repeated on each new page), one ruled row per entry of `rows`, each cell on one line. */
  table(columns: Column[], rows: string[][]) {
    this.ensure(16 + 17);
    this.tableHeader(columns);
    for (const row of rows) {
      this.ensureRow(columns, 17);
      this.cells(columns, row, { size: 8.5 }, this.y - 12);
      this.y -= 17;
      this.rowRule();
    }
  }

  /** `text` across every page, light, drawn last so what it covers stays readable (BROUILLON on a draft). */
  watermark(text: string) {
    for (const page of this.pdf.getPages()) {
      page.drawText(text, {
        x: 120,
        y: 250,
        size: 96,
        font: this.bold,
        color: rgb(0.75, 0.75, 0.75),
        opacity: 0.3,
        rotate: degrees(40),
      });
    }
  }

  /** `text` and "Page n / N" at the bottom of every page. */
  footers(text: string) {
    const pages = this.pdf.getPages();
    pages.forEach((each, index) => {
      this.page = each;
      this.draw(text, MARGIN, 22, { size: 7, color: MUTED });
      this.drawRight(`Page ${index + 1} / ${pages.length}`, MARGIN + WIDTH, 22, { size: 7, color: MUTED });
    });
  }
}

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
