import { type BillingDocument, type EInvoiceSyntax, parisDay } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { billingDocuments } from '../../../db/schema';
import { sellerOf } from '../documents/documents-queries';
import { ciiXml } from './cii';
import { type EInvoice, eInvoiceOf } from './model';

/** How each syntax of `GET /api/quotation/{id}/einvoice` writes an e-invoice. */
const WRITERS: Record<EInvoiceSyntax, (invoice: EInvoice) => string> = { cii: ciiXml };

/** The issue day of the invoice a credit note corrects (same garage), null for an invoice. */
async function precedingIssueDay(db: Database, document: BillingDocument): Promise<string | null> {
  if (document.type !== 'credit-note' || document.sourceId === null) return null;
  const [source] = await db
    .select({ issuedAt: billingDocuments.issuedAt })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, document.sourceId), eq(billingDocuments.companyId, document.companyId)));
  return source?.issuedAt ? parisDay(source.issuedAt) : null;
}

/** The e-invoice of an issued invoice or credit note, from the document and the seller as « Ma société » says. */
export async function eInvoiceOfDocument(db: Database, document: BillingDocument): Promise<EInvoice> {
  const seller = await sellerOf(db, document.companyId);
  return eInvoiceOf(document, seller, { precedingIssueDay: await precedingIssueDay(db, document) });
}

/** The e-invoice written in `syntax`, with the file name a download gives it. */
export async function eInvoiceFile(db: Database, document: BillingDocument, syntax: EInvoiceSyntax) {
  const invoice = await eInvoiceOfDocument(db, document);
  return { xml: WRITERS[syntax](invoice), fileName: `${invoice.number}-${syntax}.xml` };
}
