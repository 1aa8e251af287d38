import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { newPdf, type PdfMeta } from './pdf-document';

/*
 * The one canvas every PDF of the product is drawn on (invoices, quotes, purchase orders, credit notes, statements,
 * work orders, delivery reports, assignments of claim, the units invoice, Sidexa reports): A4, 40 pt margins, the
 * embedded fonts of pdf-document.ts, green-grey shades, a cursor `y` going down the page, a new page when it is
 * full, tables whose header is repeated on each page, and a footer. The billing documents' identity blocks are in
 * modules/billing/pdf/identity-blocks.ts.
 */

export const A4 = { width: 595.28, height: 841.89 };

/** Keeps the characters French documents use (Latin-1 and its typography): accents stay, the rest becomes "?". */
export const drawable = (text: string) =>
  text
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u20ac\u0152\u0153]/g, '?');

/** `text` cut into lines no wider than `width` points (words kept whole; a longer word stands alone). */
export function wrap(text: string, font: PDFFont, size: number, width = WIDTH): string[] {
  const lines: string[] = [];
  // Lines first: drawable() turns a newline, which the fonts cannot draw, into "?".
  for (const paragraph of text.split('\n').map(drawable)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

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
