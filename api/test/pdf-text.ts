import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every text item of a PDF, read with pdf.js as a viewer would: one string per page, items joined by a line break. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await pdf.destroy();
  return pages;
}

/** The text of a whole PDF, pages joined. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => (await pdfPages(bytes)).join('\n');

/** The text of a PDF on one line (spaces and line breaks alike one space): a sentence reads the same wherever it wraps. */
export const pdfFlatText = async (bytes: Uint8Array): Promise<string> => (await pdfText(bytes)).replace(/\s+/g, ' ');
