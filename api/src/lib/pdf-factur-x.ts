import { createHash } from 'node:crypto';
import { AFRelationship, embedFacturX, type PDFDocument, PDFHexString } from '@cantoo/pdf-lib';

/*
 * A Factur-X invoice: the PDF a person reads, made PDF/A-3b (sRGB output intent, XMP metadata with the Factur-X
 * extension schema, fonts embedded by pdf-document.ts), carrying the structured invoice as `factur-x.xml`, profile
 * EN 16931, associated to the document as its « Alternative » (the same invoice in another form). The file
 * identifier comes from the XML, so the same invoice drawn again gives the same bytes.
 */

/** The name Factur-X gives the embedded XML. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

export async function embedInvoiceXml(pdf: PDFDocument, xml: string, at: Date): Promise<void> {
  const bytes = new TextEncoder().encode(xml);
  const id = PDFHexString.of(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
  await embedFacturX(pdf, bytes, {
    fileName: FACTUR_X_FILE_NAME,
    conformanceLevel: 'EN 16931',
    afRelationship: AFRelationship.Alternative,
    description: 'Facture électronique EN 16931 (CII D22B)',
    creationDate: at,
    modificationDate: at,
  });
}
