import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocumentLines, billingDocuments, companies, documentLifecycle, outbox } from '../../db/schema';
import { shareOut } from '../../lib/share-out';
import { cdarXml } from './lifecycle/cdar';

/*
 * « Encaissée » (212): a garage that pays VAT on its services when paid (no option for VAT on debits, CGI art. 269)
 * tells the platform what it collected on an invoice it sent through it, per VAT rate, so the administration knows
 * when the VAT fell due. Sent by the outbox after the deposit (same sequence), and written in the invoice's history.
 */

/** A payment split over the invoice's VAT rates in proportion to each rate's total, the cents adding up exactly. */
export function splitByRate(amount: number, totals: { rate: number; total: number }[]) {
  if (totals.reduce((sum, each) => sum + each.total, 0) <= 0) return [];
  const shares = shareOut(
    amount,
    totals.map((each) => each.total),
  );
  return totals
    .map((each, index) => ({ vatRate: each.rate, cents: shares[index] ?? 0 }))
    .filter((each) => each.cents > 0);
}

/** Queues the 212 of a payment on an invoice sent through the platform, when the garage's VAT falls due on receipt. */
export async function queueCollected(db: Database, invoiceId: number, amount: number): Promise<boolean> {
  const [row] = await db
    .select({
      document: billingDocuments,
      vatOnDebits: companies.vatOnDebits,
      name: companies.name,
      siret: companies.siret,
    })
    .from(billingDocuments)
    .innerJoin(companies, eq(companies.id, billingDocuments.companyId))
    .where(eq(billingDocuments.id, invoiceId));
  const document = row?.document;
  if (!row || !document?.number || row.vatOnDebits || document.operationCategory === 'goods') return false;
  const [deposit] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.channel, 'platform'), eq(outbox.documentId, invoiceId)));
  if (!deposit) return false;
  const lines = await db
    .select({ rate: billingDocumentLines.taxRate, total: billingDocumentLines.total })
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, invoiceId));
  const perRate = new Map<number, number>();
  for (const line of lines)
    perRate.set(line.rate, (perRate.get(line.rate) ?? 0) + Math.round(line.total * (1 + line.rate / 100)));
  const collected = splitByRate(
    amount,
    [...perRate].map(([rate, total]) => ({ rate, total })),
  );
  if (collected.length === 0) return false;
  const messageId = randomUUID();
  const at = new Date();
  const xml = cdarXml({
    messageId,
    issuedAt: at,
    code: '212',
    invoice: {
      number: document.number,
      issueDay: (document.issuedAt ?? at).toISOString().slice(0, 10),
      typeCode: '380',
    },
    sender: { name: row.name, siren: (row.siret ?? '').slice(0, 9), role: 'SE' },
    recipient: { name: document.customer.name, siren: (document.customer.siren ?? '').replace(/\s/g, ''), role: 'BY' },
    collected,
  });
  const bytes = Buffer.from(xml, 'utf8');
  const name = `statut-212-${document.number}.xml`;
  await db.transaction(async (tx) => {
    await tx.insert(outbox).values({
      channel: 'platform',
      companyId: document.companyId,
      to: 'CustomerInvoiceLC',
      subject: `Encaissée — facture ${document.number}`,
      body: JSON.stringify({ trackingId: messageId, name, flowSyntax: 'CDAR', processingRule: 'B2B' }),
      attachmentName: name,
      attachment: bytes,
      attachmentSha256: createHash('sha256').update(bytes).digest('hex'),
      sequenceKey: `document:${invoiceId}`,
    });
    await tx.insert(documentLifecycle).values({
      documentId: invoiceId,
      companyId: document.companyId,
      code: '212',
      label: 'Encaissée',
      reasonText: `${(amount / 100).toFixed(2).replace('.', ',')} € encaissés, transmis par le garage`,
      at,
    });
  });
  return true;
}
