import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf';
import { wrap } from './pdf-canvas';

describe('renderPdf', () => {
  it('writes a PDF that opens again, with its title, French text and as many pages as the text needs', async () => {
    const bytes = await renderPdf({
      title: 'Cession de créance',
      author: 'Garage',
      paragraphs: Array.from({ length: 80 }, (_, index) => ({
        text: `Paragraphe ${index} : l’assuré cède sa créance à 15 € près — œuvre ✓.`,
      })),
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const reopened = await PDFDocument.load(bytes);
    expect(reopened.getTitle()).toBe('Cession de créance');
    expect(reopened.getPageCount()).toBeGreaterThan(1);
  });

  it('breaks a paragraph at its newlines instead of drawing them as "?"', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrap('Garage Back-Office SAS\n12 rue de la Vitre\n69003 Lyon ✓', font, 11)).toEqual([
      'Garage Back-Office SAS',
      '12 rue de la Vitre',
      '69003 Lyon ?',
    ]);
  });
});
