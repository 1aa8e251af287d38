import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, documentOriginals, outbox } from '../../db/schema';
import { settingRows } from '../sending/settings-repository';

/*
 * An invoice or credit note issued to a business (a company or an insurer: its SIREN is known) leaves through the
 * garage's approved platform as its Factur-X original, when the garage has one: the law requires it from
 * 1 September 2027, and a garage connected earlier sends already. The deposit is an outbox row (channel
 * `platform`), queued once per document; its tracking id is the document's, so a resend is recognised.
 */

/** The tracking id a document's deposit carries: the platform finds a resend by it. */
export const documentTrackingId = (documentId: number) => `document-${documentId}`;

/** Queues the deposit of an issued document, once; answers whether it was queued now. */
export async function queueDeposit(db: Database, documentId: number): Promise<boolean> {
  const [row] = await db
    .select({
      companyId: billingDocuments.companyId,
      type: billingDocuments.type,
      number: billingDocuments.number,
      billTo: billingDocuments.billTo,
      customer: billingDocuments.customer,
      pdf: documentOriginals.pdf,
    })
    .from(billingDocuments)
    .innerJoin(documentOriginals, eq(documentOriginals.documentId, billingDocuments.id))
    .where(eq(billingDocuments.id, documentId));
  if (!row?.number || (row.type !== 'invoice' && row.type !== 'credit-note')) return false;
  const siren = (row.customer.siren ?? '').replace(/\s/g, '');
  const business = row.billTo === 'insurer' || row.customer.isBusiness;
  if (!business || !/^\d{9}$/.test(siren)) return false;
  const platform = await settingRows(db, row.companyId, 'platform');
  if (!platform.garage && !platform.network) return false;
  const name = `${row.number}.pdf`;
  const info = {
    trackingId: documentTrackingId(documentId),
    name,
    flowSyntax: 'Factur-X',
    flowProfile: 'CIUS',
    processingRule: 'B2B',
    sha256: createHash('sha256').update(row.pdf).digest('hex'),
  };
  return db.transaction(async (tx) => {
    // One deposit per document, whoever asks twice at once: the document's row lock orders them.
    await tx
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, documentId))
      .for('update');
    const [queued] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'platform'), eq(outbox.documentId, documentId)));
    if (queued) return false;
    await tx.insert(outbox).values({
      channel: 'platform',
      companyId: row.companyId,
      to: 'CustomerInvoice',
      subject: `Dépôt de ${row.type === 'invoice' ? 'la facture' : 'l’avoir'} ${row.number}`,
      body: JSON.stringify(info),
      documentId,
      attachmentName: name,
      attachment: row.pdf,
      attachmentSha256: info.sha256,
      sequenceKey: `document:${documentId}`,
    });
    await tx
      .update(billingDocuments)
      .set({ platformStatus: sql`coalesce(${billingDocuments.platformStatus}, 'queued')` })
      .where(eq(billingDocuments.id, documentId));
    return true;
  });
}

/**
 * The safety net of the deposit, queued right after an issue's transaction: an invoice or credit note issued in the
 * last day to a business and never queued (the process stopped in between) is queued at the next pass. Older ones
 * are not: a garage connecting its platform today does not send its past invoices.
 */
export async function queueMissedDeposits(db: Database): Promise<number> {
  const missed = await db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
        isNull(billingDocuments.platformStatus),
        sql`${billingDocuments.issuedAt} > now() - interval '1 day'`,
        sql`(${billingDocuments.billTo} = 'insurer' or (${billingDocuments.customer}->>'isBusiness')::boolean)`,
        sql`exists (select 1 from document_originals o where o.document_id = ${billingDocuments.id})`,
      ),
    );
  let queued = 0;
  for (const row of missed) if (await queueDeposit(db, row.id)) queued += 1;
  return queued;
}
