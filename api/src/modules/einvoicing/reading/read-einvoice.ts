import { PDFDocument } from '@cantoo/pdf-lib';
import { readCii } from './read-cii';
import { readUbl } from './read-ubl';
import { checkTotals, type ReceivedInvoice, type ReceivedSyntax, UnreadableInvoice } from './received-invoice';
import { parseXml } from './xml-tree';

/*
 * Any supplier e-invoice file into business terms: a Factur-X PDF (its embedded `factur-x.xml`, CII), a bare CII
 * or a UBL invoice or credit note. The syntax is recognised by content, never by a name or a declared type.
 */

/** The names the Factur-X/ZUGFeRD family gives the embedded XML, newest first. */
const EMBEDDED_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'ZUGFeRD-invoice.xml'];

export type ReadResult =
  | { ok: true; syntax: ReceivedSyntax; invoice: ReceivedInvoice }
  | { ok: false; syntax: ReceivedSyntax | null; reason: string };

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

async function embeddedXml(bytes: Uint8Array): Promise<string> {
  let attachments: ReturnType<PDFDocument['getAttachments']>;
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: false });
    attachments = pdf.getAttachments();
  } catch {
    // A damaged or hostile PDF: the parser's own error says nothing a garage can act on.
    throw new UnreadableInvoice('PDF illisible (fichier endommagé ou protégé)');
  }
  const xml = EMBEDDED_NAMES.map((name) => attachments.find((each) => each.name === name)).find(Boolean);
  if (!xml)
    throw new UnreadableInvoice(
      'Ce PDF n’est pas une Factur-X : il ne contient pas de facture structurée (factur-x.xml). Saisissez la dépense à la main.',
    );
  return new TextDecoder('utf-8', { fatal: false }).decode(xml.data);
}

function readXml(text: string): { syntax: 'CII' | 'UBL'; invoice: ReceivedInvoice } {
  const root = parseXml(text.replace(/^\uFEFF/, ''));
  if (root.CrossIndustryInvoice) return { syntax: 'CII', invoice: readCii(root) };
  if (root.Invoice || root.CreditNote) return { syntax: 'UBL', invoice: readUbl(root) };
  throw new UnreadableInvoice('Ce fichier XML n’est ni une facture CII ni une facture UBL');
}

export async function readEInvoice(bytes: Uint8Array): Promise<ReadResult> {
  let syntax: ReceivedSyntax | null = null;
  try {
    if (bytes.length === 0) throw new UnreadableInvoice('Le fichier est vide');
    if (isPdf(bytes)) {
      syntax = 'Factur-X';
      const { invoice } = readXml(await embeddedXml(bytes));
      return { ok: true, syntax, invoice: checkTotals(invoice) };
    }
    const read = readXml(new TextDecoder('utf-8').decode(bytes));
    syntax = read.syntax;
    return { ok: true, syntax, invoice: checkTotals(read.invoice) };
  } catch (error) {
    if (error instanceof UnreadableInvoice) return { ok: false, syntax, reason: error.message };
    throw error;
  }
}
