import {
  type BillingDocument,
  type DocumentType,
  type EInvoiceSyntax,
  GATED_DOCUMENT_TYPES,
  parisDay,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { billingDocuments, documentOriginals } from '../../../db/schema';
import { conflict } from '../../../lib/domain-error';
import { findDocument, type Seller, sellerOf } from '../documents/documents-queries';
import { ciiXml } from './cii';
import { type EInvoice, eInvoiceOf } from './model';
import { platformRefusalMessage, platformRefusals } from './platform-rules';
import { ublXml } from './ubl';

/** How each syntax of `GET /api/quotation/{id}/einvoice` writes an e-invoice. */
const WRITERS: Record<EInvoiceSyntax, (invoice: EInvoice) => string> = { cii: ciiXml, ubl: ublXml };

/** The issue day of the invoice a credit note corrects (same garage), null for an invoice. */
async function precedingIssueDay(db: Database, document: BillingDocument): Promise<string | null> {
  if (document.type !== 'credit-note' || document.sourceId === null) return null;
  const [source] = await db
    .select({ issuedAt: billingDocuments.issuedAt })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, document.sourceId), eq(billingDocuments.companyId, document.companyId)));
  return source?.issuedAt ? parisDay(source.issuedAt) : null;
}

/** The e-invoice of an issued invoice or credit note, from the document and the seller given. */
async function eInvoiceWith(db: Database, document: BillingDocument, seller: Seller): Promise<EInvoice> {
  return eInvoiceOf(document, seller, { precedingIssueDay: await precedingIssueDay(db, document) });
}

/**
 * The CII XML a document's Factur-X carries, made when it is frozen: null for what has no e-invoice (a quote, a
 * purchase order, a draft).
 */
export async function facturXml(db: Database, document: BillingDocument, seller: Seller): Promise<string | null> {
  if (!GATED_DOCUMENT_TYPES.includes(document.type) || document.status === 'draft') return null;
  return ciiXml(await eInvoiceWith(db, document, seller));
}

/** The XML kept with the document's original, if it was frozen as a Factur-X. */
async function keptXml(db: Database, documentId: number): Promise<string | null> {
  const [kept] = await db
    .select({ xml: documentOriginals.einvoiceXml })
    .from(documentOriginals)
    .where(eq(documentOriginals.documentId, documentId));
  return kept?.xml ?? null;
}

/**
 * The e-invoice written in `syntax`, with the file name a download gives it. The CII of a document frozen as a
 * Factur-X is the XML kept with it, byte for byte; otherwise it is written from the document and « Ma société ».
 */
export async function eInvoiceFile(db: Database, document: BillingDocument, syntax: EInvoiceSyntax) {
  const fileName = `${document.number}-${syntax}.xml`;
  const kept = syntax === 'cii' ? await keptXml(db, document.id) : null;
  if (kept) return { xml: kept, fileName };
  const invoice = await eInvoiceWith(db, document, await sellerOf(db, document.companyId));
  return { xml: WRITERS[syntax](invoice), fileName };
}

/**
 * Refuses (409, naming each rule) an invoice or credit note being issued whose e-invoice a platform would refuse.
 * Called in the issue's transaction once the number is written: a refusal rolls it back, nothing is numbered.
 */
export async function refuseWhatAPlatformWould(
  db: Database,
  issuing: { companyId: number; id: number; type: DocumentType },
): Promise<void> {
  if (!GATED_DOCUMENT_TYPES.includes(issuing.type)) return;
  const document = await findDocument(db, [issuing.companyId], issuing.id);
  if (!document) return;
  const refusals = platformRefusals(await eInvoiceWith(db, document, await sellerOf(db, issuing.companyId)));
  if (refusals.length > 0) throw conflict(platformRefusalMessage(refusals));
}
