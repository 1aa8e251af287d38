import { createHash } from 'node:crypto';
import {
  BILLING_DOCUMENT_NOT_FOUND,
  type BillingDocument,
  DOCUMENT_MAIL_DRAFT_NOT_ALLOWED,
  type DOCUMENT_MAIL_PLACEHOLDERS,
  DOCUMENT_MAIL_TYPE_NOT_ALLOWED,
  DOCUMENT_MAIL_TYPES,
  DOCUMENT_TYPE_LABELS,
  type DocumentMail,
  type DocumentMailDraft,
  documentMailStatus,
  formatEurosText,
  invoiceBalance,
} from 'contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments, folderHistory, folders, outbox } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { escapeHtml } from '../../../lib/sanitize';
import { logEvent } from '../../ledger/events';
import { type Seller, sellerOf } from '../documents/documents-queries';
import { originalPdf } from '../documents/originals';
import { documentPdf } from '../pdf/document-pdf';

/*
 * Documents by e-mail: the mail a quote, an invoice or a credit note is sent with, written to the outbox
 * with the document's PDF as the download route serves it; the mail dispatcher sends it (modules/mail).
 */

type Placeholder = keyof typeof DOCUMENT_MAIL_PLACEHOLDERS;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const frenchDate = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

/**
 * Refuses what is not sent: a purchase order (400), an invoice or a credit note not issued yet (409: the PDF of a
 * draft is no invoice). A quote goes in any status: a draft's PDF says BROUILLON, without a number.
 */
export function assertMailable(document: Pick<BillingDocument, 'type' | 'status'>) {
  if (!(DOCUMENT_MAIL_TYPES as readonly string[]).includes(document.type)) {
    throw invalid(DOCUMENT_MAIL_TYPE_NOT_ALLOWED);
  }
  if (document.type !== 'quotation' && document.status === 'draft') throw conflict(DOCUMENT_MAIL_DRAFT_NOT_ALLOWED);
}

/** The PDF a mail attaches: exactly what `GET /api/quotation/{id}/pdf` serves (an issued one: its original). */
export async function documentAttachment(db: Database, document: BillingDocument) {
  const draft = document.status === 'draft';
  const pdf = draft
    ? Buffer.from(await documentPdf(document, await sellerOf(db, document.companyId)))
    : await originalPdf(db, document);
  return {
    pdf,
    name: `${document.number ?? `brouillon-${document.id}`}.pdf`,
    sha256: sha256(pdf),
    /** An issued document's kept original: handing it over is an event of the garage's log. */
    original: !draft,
  };
}

/** `text` with every placeholder replaced (an unknown `#…#` stays as typed). */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(
    /#(FOLDER|CLIENT|NUMERO|MONTANT|ECHEANCE|SINISTRE)#/g,
    (placeholder) => values[placeholder as Placeholder],
  );
}

/** What the placeholders stand for in a document's mail. */
export function placeholderValues(document: BillingDocument): Record<Placeholder, string> {
  return {
    '#FOLDER#': document.vehicleMentions?.plate ?? '',
    '#CLIENT#': document.customer.name,
    '#NUMERO#': document.number ?? '',
    // A credit note's amounts are negative: the mail says what it is worth to its buyer.
    '#MONTANT#': formatEurosText(Math.abs(document.totalAmount)),
    '#ECHEANCE#': frenchDate(document.dueDate),
    '#SINISTRE#': document.buyerReference ?? '',
  };
}

/**
 * The default subject and body (no message template is marked for documents yet): French, plain text, with the
 * placeholders in place, signed with the garage's name and phone.
 */
export function defaultDocumentMail(document: BillingDocument, seller: Pick<Seller, 'name' | 'tradeName' | 'phone'>) {
  const garage = seller.tradeName?.trim() || seller.name;
  const label = DOCUMENT_TYPE_LABELS[document.type];
  const numbered = document.number ? `${label} #NUMERO#` : `${label} (brouillon)`;
  const lines: string[] = ['Bonjour #CLIENT#,', ''];
  if (document.type === 'invoice') {
    const settled = invoiceBalance(document) <= 0;
    lines.push(
      settled
        ? 'Veuillez trouver ci-joint notre facture #NUMERO# d’un montant de #MONTANT# TTC, réglée : merci.'
        : `Veuillez trouver ci-joint notre facture #NUMERO# d’un montant de #MONTANT# TTC${document.dueDate ? ', à régler au plus tard le #ECHEANCE#' : ''}.`,
    );
  } else if (document.type === 'credit-note') {
    lines.push(
      `Veuillez trouver ci-joint notre avoir #NUMERO# d’un montant de #MONTANT# TTC en votre faveur${document.sourceNumber ? `, qui corrige la facture ${document.sourceNumber}` : ''}.`,
    );
  } else {
    lines.push(
      `Veuillez trouver ci-joint notre devis${document.number ? ' #NUMERO#' : ''} d’un montant de #MONTANT# TTC.`,
    );
    if (document.dueDate) lines.push('Ce devis est valable jusqu’au #ECHEANCE#.');
  }
  if (document.vehicleMentions?.plate) lines.push('Il concerne le véhicule immatriculé #FOLDER#.');
  lines.push('', 'Nous restons à votre disposition pour toute question.', '', 'Cordialement,', garage);
  if (seller.phone?.trim()) lines.push(`Tél. ${seller.phone.trim()}`);
  return { subject: `${numbered} — ${garage}`, body: lines.join('\n') };
}

/**
 * The mail the sending form starts with. The recipient is the buyer's address on the document; a customer's
 * document without one takes its folder's address when the caller may reveal it (`mayRevealContact`), and that
 * reveal is written to the folder's history like any other.
 */
export async function documentMailDraft(
  db: Database,
  document: BillingDocument,
  caller: { userId: number; mayRevealContact: boolean },
): Promise<DocumentMailDraft> {
  const seller = await sellerOf(db, document.companyId);
  // Documents issued before buyers had an e-mail field have none.
  let to = document.customer.email?.trim() ?? '';
  if (!to && document.billTo === 'customer' && document.folderId !== null && caller.mayRevealContact) {
    const [folder] = await db
      .select({ email: folders.email })
      .from(folders)
      .where(and(eq(folders.id, document.folderId), eq(folders.companyId, document.companyId)));
    const email = folder?.email?.trim();
    if (email) {
      await db.insert(folderHistory).values({
        folderId: document.folderId,
        companyId: document.companyId,
        userId: caller.userId,
        kind: 'contact',
        field: 'mail',
      });
      to = email;
    }
  }
  const values = placeholderValues(document);
  const { subject, body } = defaultDocumentMail(document, seller);
  return {
    to,
    subject: fillPlaceholders(subject, values),
    body: fillPlaceholders(body, values),
    garageEmail: seller.email?.trim() || null,
  };
}

export interface DocumentMailInput {
  to: string;
  copyToGarage: boolean;
  subject: string;
  body: string;
}

/**
 * Writes ONE outbox row (the mail, its copy, the PDF) and, in the same transaction, the folder's history row and,
 * for an issued document's original, the hand-over in the garage's event log (a `reprint`, as a download is), then
 * what `alongside` writes with it (a reminder's record). Answers the row's id. `userId` null: the server's own
 * sending (an automatic reminder).
 */
export async function queueDocumentMail(
  db: Database,
  document: BillingDocument,
  input: DocumentMailInput,
  userId: number | null,
  alongside?: (tx: Transaction, outboxId: number) => Promise<void>,
): Promise<number> {
  const seller = await sellerOf(db, document.companyId);
  const garageEmail = seller.email?.trim() || null;
  const cc = input.copyToGarage && garageEmail ? garageEmail : null;
  const attachment = await documentAttachment(db, document);
  return db.transaction(async (tx) => {
    // A draft quote may be deleted while its PDF was drawn: the share lock waits for that deletion (which locks the
    // row for update) and then finds nothing (404), where the outbox's foreign key would have failed (500). Held
    // first, it makes the deletion wait and then see this sending (409, the draft is kept).
    const [still] = await tx
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, document.id))
      .for('share');
    if (!still) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: 'mail',
        companyId: document.companyId,
        to: input.to,
        cc,
        subject: input.subject,
        body: input.body,
        documentId: document.id,
        attachment: attachment.pdf,
        attachmentName: attachment.name,
        attachmentSha256: attachment.sha256,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox row not inserted');
    const what = `${DOCUMENT_TYPE_LABELS[document.type]} ${document.number ?? '(brouillon)'}`;
    if (document.folderId !== null) {
      // Who received it stays out of the history: the folder's readers may not all reveal contact details.
      await tx.insert(folderHistory).values({
        folderId: document.folderId,
        companyId: document.companyId,
        userId,
        kind: 'document_mail',
        field: document.type,
        newValue: document.number,
        content: escapeHtml(`${what} envoyé par e-mail${cc ? ' (copie au garage)' : ''}`),
      });
    }
    if (attachment.original) {
      await logEvent(
        tx,
        document.companyId,
        'reprint',
        {
          documentId: document.id,
          type: document.type,
          number: document.number,
          sha256: attachment.sha256,
          channel: 'mail',
          outboxId: row.id,
        },
        userId,
      );
    }
    await alongside?.(tx, row.id);
    return row.id;
  });
}

/** A document's sendings, newest first; `configuredFor`: whether the garage has a mail server (`Senders.sourceFor`). */
export async function documentMails(
  db: Database,
  documentId: number,
  configuredFor: (companyId: number) => Promise<boolean>,
): Promise<DocumentMail[]> {
  const rows = await db
    .select({
      id: outbox.id,
      companyId: outbox.companyId,
      to: outbox.to,
      cc: outbox.cc,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(and(eq(outbox.documentId, documentId), sql`${outbox.channel} = 'mail'`))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
  // One document, one garage: its server is looked up once.
  const companyId = rows[0]?.companyId;
  const configured = companyId == null ? false : await configuredFor(companyId);
  return rows.map(({ companyId: _, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.nextAttemptAt && !row.sentAt ? row.nextAttemptAt.toISOString() : null,
    status: documentMailStatus(row, configured),
  }));
}
