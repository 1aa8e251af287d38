import { createHash } from 'node:crypto';
import type { BillingDocument } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { documentOriginals } from '../../db/schema';
import { documentPdf } from './document-pdf';
import { sellerOf } from './documents-queries';

/**
 * The PDF of an issued document as it was issued: drawn once from the document and the seller of that moment, then
 * kept with its SHA-256 and returned byte for byte ever after (a later "Ma société" change, a payment or a credit
 * note does not redraw it). The issue route freezes it right away; a document issued before originals existed is
 * frozen at its first download. Two downloads racing keep one original (the first insert wins).
 */
export async function originalPdf(db: Database, document: BillingDocument): Promise<Buffer> {
  const [kept] = await db
    .select({ pdf: documentOriginals.pdf })
    .from(documentOriginals)
    .where(eq(documentOriginals.documentId, document.id));
  if (kept) return kept.pdf;
  const pdf = Buffer.from(await documentPdf(document, await sellerOf(db, document.companyId)));
  await db
    .insert(documentOriginals)
    .values({ documentId: document.id, pdf, sha256: createHash('sha256').update(pdf).digest('hex') })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ pdf: documentOriginals.pdf })
    .from(documentOriginals)
    .where(eq(documentOriginals.documentId, document.id));
  return stored?.pdf ?? pdf;
}
