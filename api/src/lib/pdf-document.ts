import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import { API_ROOT } from '../api-root';

/*
 * Where every PDF the product draws starts: a document with Liberation Sans embedded (regular and bold, SIL Open
 * Font License, api/assets/fonts). PDF/A, which an invoice's original must be, forbids the 14 standard fonts a
 * reader would substitute; embedded, the invoice prints the same everywhere in 10 years. Only the glyphs used
 * are embedded (subset), so a one-page invoice stays small. The dates are the caller's, never « now » unasked:
 * the same document drawn twice gives the same bytes.
 */

const FONT_DIR = join(API_ROOT, 'assets', 'fonts');
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** The font files, read once. */
function fonts() {
  fontFiles ??= {
    regular: readFileSync(join(FONT_DIR, 'LiberationSans-Regular.ttf')),
    bold: readFileSync(join(FONT_DIR, 'LiberationSans-Bold.ttf')),
  };
  return fontFiles;
}

export interface PdfMeta {
  title: string;
  author: string;
  subject?: string;
  /** Creation and modification date written in the file. */
  at: Date;
}

/** A new French PDF with its metadata and its two embedded fonts. */
export async function newPdf(meta: PdfMeta): Promise<{ pdf: PDFDocument; regular: PDFFont; bold: PDFFont }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  if (meta.subject) pdf.setSubject(meta.subject);
  pdf.setCreator('Back-office garage');
  pdf.setProducer('Back-office garage (@cantoo/pdf-lib)');
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(meta.at);
  pdf.setModificationDate(meta.at);
  const files = fonts();
  return {
    pdf,
    // Named as PDF names a subset (a 6-letter tag, then the font), the same every time: no random suffix.
    regular: await pdf.embedFont(files.regular, { subset: true, customName: 'LBSANS+LiberationSans' }),
    bold: await pdf.embedFont(files.bold, { subset: true, customName: 'LBSANB+LiberationSans-Bold' }),
  };
}
