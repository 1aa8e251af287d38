import { type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { newPdf } from './pdf-document';
import { embedInvoiceXml } from './pdf-factur-x';

/*
 * A4 documents the garage prints or sends: a title, paragraphs laid out on the page width, and an optional
 * signature block, in the embedded fonts of pdf-document.ts. Text is kept to the characters French documents use
 * (Latin-1, curly quotes, dashes, € and œ); others are replaced.
 */

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;

export interface PdfParagraph {
  text: string;
  size?: number;
  bold?: boolean;
  /** Space before, in points. */
  gap?: number;
}

export interface PdfSignature {
  /** PNG bytes of a drawn signature, or none (typed name only). */
  png?: Uint8Array;
  caption: string;
}

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

export async function renderPdf(options: {
  title: string;
  paragraphs: PdfParagraph[];
  signature?: PdfSignature;
  /** Document metadata. */
  author: string;
  /** The date written in the file (its creation): give the event's own to draw the same bytes again. */
  at?: Date;
  /** An invoice's e-invoice (CII): the PDF becomes a Factur-X carrying it (pdf-factur-x.ts). */
  einvoiceXml?: string;
}): Promise<Uint8Array> {
  const { pdf, regular, bold } = await newPdf({
    title: options.title,
    author: options.author,
    at: options.at ?? new Date(),
  });
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const write = ({ text, size = 11, bold: isBold = false, gap = 8 }: PdfParagraph) => {
    const font = isBold ? bold : regular;
    y -= gap;
    for (const line of wrap(text, font, size)) {
      ensure(size * 1.4);
      y -= size * 1.4;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  };

  write({ text: options.title, size: 18, bold: true, gap: 0 });
  for (const paragraph of options.paragraphs) write(paragraph);
  if (options.signature) {
    ensure(120);
    y -= 24;
    if (options.signature.png) {
      const image = await pdf.embedPng(options.signature.png);
      const scale = Math.min(220 / image.width, 80 / image.height, 1);
      y -= image.height * scale;
      page.drawImage(image, { x: MARGIN, y, width: image.width * scale, height: image.height * scale });
    }
    write({ text: options.signature.caption, size: 9, gap: 6 });
  }
  if (options.einvoiceXml) await embedInvoiceXml(pdf, options.einvoiceXml, options.at ?? new Date());
  return pdf.save();
}
