import { MARGIN, PdfCanvas } from './pdf-canvas';
import { embedInvoiceXml } from './pdf-factur-x';

/*
 * A4 documents the garage prints or sends as paragraphs (work orders, delivery reports, assignments of claim, the
 * units invoice, Sidexa reports): a title, paragraphs laid out on the page width, and an optional signature block,
 * drawn on the one canvas of pdf-canvas.ts.
 */

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

const write = (canvas: PdfCanvas, { text, size = 11, bold = false, gap = 8 }: PdfParagraph) =>
  canvas.paragraph(text, { size, font: bold ? canvas.bold : canvas.regular }, gap);

async function drawSignature(canvas: PdfCanvas, signature: PdfSignature) {
  canvas.ensure(120);
  canvas.y -= 24;
  if (signature.png) {
    const image = await canvas.pdf.embedPng(signature.png);
    const scale = Math.min(220 / image.width, 80 / image.height, 1);
    canvas.y -= image.height * scale;
    canvas.page.drawImage(image, { x: MARGIN, y: canvas.y, width: image.width * scale, height: image.height * scale });
  }
  write(canvas, { text: signature.caption, size: 9, gap: 6 });
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
  const at = options.at ?? new Date();
  const canvas = await PdfCanvas.create({ title: options.title, author: options.author, at });
  write(canvas, { text: options.title, size: 18, bold: true, gap: 0 });
  for (const paragraph of options.paragraphs) write(canvas, paragraph);
  if (options.signature) await drawSignature(canvas, options.signature);
  if (options.einvoiceXml) await embedInvoiceXml(canvas.pdf, options.einvoiceXml, at);
  return canvas.pdf.save();
}
