import { createHash } from 'node:crypto';
import type { BillingDocument } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { documentOriginals } from '../../../db/schema';
import { canonicalJson } from '../../../lib/canonical-json';
import { logEvent } from '../../ledger/events';
import { facturXml } from '../einvoice/einvoice-service';
import { documentPdf } from '../pdf/document-pdf';
import { type Seller, sellerOf } from './documents-queries';

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What was issued, as a record of its own (kept beside the PDF, canonical JSON): the seller's legal identity of that
 * moment, the buyer, dates, lines, totals and every mention. The state that follows (payments, credit notes) is not
 * in it. The inalterable chain hashes it.
 */
export function issuedRecord(document: BillingDocument, seller: Seller) {
  const { logoContent: _logo, logoMimeType: _mime, email: _email, phone: _phone, ...identity } = seller;
  return {
    type: document.type,
    number: document.number,
    companyId: document.companyId,
    issuedAt: document.issuedAt,
    saleDate: document.saleDate,
    dueDate: document.dueDate,
    paymentTermDays: document.paymentTermDays,
    seller: identity,
    billTo: document.billTo,
    buyer: document.customer,
    deliveryAddress: document.deliveryAddress,
    operationCategory: document.operationCategory,
    taxInclusive: document.taxInclusive,
    // A line's deposit only when it takes one off: the records of before keep their exact content.
    lines: document.lines.map(({ id: _id, productId: _product, addToStock: _stock, deductsDepositId, ...line }) => ({
      ...line,
      ...(deductsDepositId ? { deductsDepositId } : {}),
    })),
    totals: {
      preTaxAmount: document.preTaxAmount,
      taxAmount: document.taxAmount,
      totalAmount: document.totalAmount,
      vatByRate: document.vatByRate,
    },
    mentions: {
      buyerReference: document.buyerReference,
      exemptionReason: document.exemptionReason,
      vehicle: document.vehicleMentions,
      insurer: document.insurerMentions,
      ...(document.insurerShare ? { insurerShare: document.insurerShare } : {}),
      ...(document.deposit ? { deposit: true } : {}),
      creditReason: document.creditReason,
      source: document.sourceNumber,
      folder: document.folderNumber,
      notes: document.notes,
    },
  };
}

/**
 * The PDF of an issued document as it was issued (an invoice's or a credit note's is its Factur-X): drawn once from the document and the seller of that moment, then
 * kept with its SHA-256 and returned byte for byte ever after (a later "Ma société" change, a payment or a credit
 * note does not redraw it). The issue route freezes it right away; a document issued before originals existed is
 * frozen at its first download. Two downloads racing keep one original (the first insert wins).
 */
export async function originalPdf(
  db: Database,
  document: BillingDocument,
  reprintBy?: { userId: number },
): Promise<Buffer> {
  const [kept] = await db
    .select({ pdf: documentOriginals.pdf, sha256: documentOriginals.sha256 })
    .from(documentOriginals)
    .where(eq(documentOriginals.documentId, document.id));
  if (kept) {
    // Handing the original over again is a reprint (a duplicate): an event of the garage's technical log.
    if (reprintBy) {
      await logEvent(
        db,
        document.companyId,
        'reprint',
        { documentId: document.id, type: document.type, number: document.number, sha256: kept.sha256 },
        reprintBy.userId,
      );
    }
    return kept.pdf;
  }
  const seller = await sellerOf(db, document.companyId);
  // An invoice or a credit note is frozen as a Factur-X: the PDF carries its e-invoice, kept beside it too.
  const einvoiceXml = await facturXml(db, document, seller);
  const pdf = Buffer.from(await documentPdf(document, seller, einvoiceXml ?? undefined));
  const canonical = canonicalJson(issuedRecord(document, seller));
  await db
    .insert(documentOriginals)
    .values({
      documentId: document.id,
      pdf,
      sha256: sha256(pdf),
      canonical,
      canonicalSha256: sha256(canonical),
      einvoiceXml,
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ pdf: documentOriginals.pdf })
    .from(documentOriginals)
    .where(eq(documentOriginals.documentId, document.id));
  return stored?.pdf ?? pdf;
}
