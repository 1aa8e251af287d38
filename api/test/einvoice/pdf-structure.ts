import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from '@cantoo/pdf-lib';

/*
 * What a PDF/A-3 validator looks at, read with a PDF parser (never a search in the bytes): the fonts and whether
 * their programs are embedded, the XMP metadata, the output intent, the file identifier and the attachments.
 */

const STANDARD_14 = new Set([
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
]);

const streamText = (stream: PDFStream) =>
  new TextDecoder().decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());

/** A font dictionary's program, following a composite font to its descendant. */
function hasFontProgram(pdf: PDFDocument, font: PDFDict): boolean {
  const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
  const target = descendants ? (pdf.context.lookup(descendants.get(0)) as PDFDict) : font;
  const descriptor = target.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  if (!descriptor) return false;
  return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
}

export async function pdfStructure(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const fonts: { name: string; embedded: boolean; standard14: boolean }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    if (object.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2')) continue; // a descendant, seen via its parent
    const name = String(object.get(PDFName.of('BaseFont'))).replace(/^\//, '');
    fonts.push({ name, embedded: hasFontProgram(pdf, object), standard14: STANDARD_14.has(name) });
  }
  const metadata = pdf.catalog.lookupMaybe(PDFName.of('Metadata'), PDFStream);
  const intents = pdf.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents ? (pdf.context.lookup(intents.get(0)) as PDFDict) : undefined;
  const id = pdf.context.lookup(pdf.context.trailerInfo.ID);
  return {
    header: new TextDecoder().decode(bytes.slice(0, 8)),
    fonts,
    xmp: metadata ? streamText(metadata) : '',
    outputIntent: intent
      ? {
          subtype: String(intent.get(PDFName.of('S'))),
          condition: String(intent.get(PDFName.of('OutputConditionIdentifier'))),
          profile: Boolean(intent.lookupMaybe(PDFName.of('DestOutputProfile'), PDFStream)),
        }
      : null,
    fileId: id instanceof PDFArray ? id.size() : 0,
    associatedFiles: pdf.catalog.lookupMaybe(PDFName.of('AF'), PDFArray)?.size() ?? 0,
    attachments: pdf.getAttachments().map(({ name, data, afRelationship, mimeType }) => ({
      name,
      data,
      afRelationship,
      mimeType,
    })),
  };
}
