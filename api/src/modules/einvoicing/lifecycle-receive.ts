import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, documentLifecycle } from '../../db/schema';
import { notifyUsers } from '../notifications/producer';
import { readCdar } from './lifecycle/cdar';
import { type IncomingFile, markFlow, storeIncoming } from './received-repository';

/*
 * A status coming back for an invoice or credit note the garage sent (a `CustomerInvoiceLC` flow: Déposée, Rejetée,
 * Mise à disposition, Refusée, Approuvée…): stored as it came, read, written into the document's history, and the
 * latest one shown on the document and in the lists. A rejection or a refusal tells the garage's admins at once and
 * lists the invoice among the recoveries to treat.
 */

/**
 * A CDAR's date and time (format 204) is French local time without a zone: the instant it names. A value carrying
 * its own zone (an xsd:dateTime) is taken as it is.
 */
function fromParisTime(local: string): Date {
  if (/(Z|[+-]\d\d:?\d\d)$/.test(local)) return new Date(local);
  const asUtc = new Date(`${local.length === 10 ? `${local}T00:00:00` : local}Z`);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(asUtc);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  const parisOfIt = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return new Date(asUtc.getTime() - (parisOfIt - asUtc.getTime()));
}

/** The statuses the garage must act on: the buyer refused the invoice, or a platform rejected it. */
const TO_ACT_ON = new Set(['210', '213']);

export async function receiveLifecycle(db: Database, file: IncomingFile): Promise<void> {
  const { row, fresh } = await storeIncoming(db, file);
  if (!fresh && row.reason !== 'En cours de lecture') return;
  let status: ReturnType<typeof readCdar>;
  try {
    status = readCdar(new TextDecoder().decode(row.content));
  } catch (error) {
    await markFlow(db, row.id, { state: 'to-treat', reason: (error as Error).message, syntax: 'CDAR' });
    return;
  }
  const [document] = await db
    .select({ id: billingDocuments.id, folderId: billingDocuments.folderId, customer: billingDocuments.customer })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, row.companyId),
        eq(billingDocuments.number, status.invoiceNumber),
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
      ),
    );
  if (!document) {
    const reason = `Statut « ${status.label} » d’une facture que le garage n’a pas émise (n° ${status.invoiceNumber})`;
    await markFlow(db, row.id, { state: 'to-treat', reason, syntax: 'CDAR' });
    return;
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(documentLifecycle)
      .values({
        documentId: document.id,
        companyId: row.companyId,
        code: status.code,
        label: status.label,
        reasonCode: status.reason?.code ?? null,
        reasonText: status.reason?.text ?? null,
        at: fromParisTime(status.issuedAt),
        flowRowId: row.id,
      })
      .onConflictDoNothing();
    // The document shows the newest status (by the sender's date: messages may arrive out of order).
    const [latest] = await tx
      .select({ code: documentLifecycle.code })
      .from(documentLifecycle)
      .where(eq(documentLifecycle.documentId, document.id))
      .orderBy(desc(documentLifecycle.at), desc(documentLifecycle.id))
      .limit(1);
    await tx
      .update(billingDocuments)
      .set({ platformStatus: latest?.code ?? sql`${billingDocuments.platformStatus}` })
      .where(eq(billingDocuments.id, document.id));
    await markFlow(tx, row.id, { state: 'booked', reason: null, syntax: 'CDAR' });
  });
  if (TO_ACT_ON.has(status.code))
    await notifyUsers(db, {
      companyId: row.companyId,
      event: 'recovery',
      actorUserId: null,
      alert: true,
      title: `Facture ${status.invoiceNumber} ${status.code === '210' ? 'refusée par' : 'rejetée pour'} ${document.customer.name}`,
      body: `${status.label}${status.reason ? ` : ${status.reason.text || status.reason.code}` : ''}. Elle est dans les recouvrements à traiter : corrigez-la par un avoir et une nouvelle facture.`,
    });
}
