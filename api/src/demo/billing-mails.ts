import { DOCUMENT_MAIL_TYPES, type DocumentMailStatus, documentBodySchema } from 'contracts';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db';
import { billingDocuments, folders, outbox, users } from '../db/schema';
import { issueDocument } from '../modules/billing/documents/document-issue';
import { findDocument } from '../modules/billing/documents/documents-queries';
import { createDocument, invoiceFromQuote } from '../modules/billing/documents/documents-repository';
import { documentMailDraft, queueDocumentMail } from '../modules/billing/mails/document-mails';
import { MAX_ATTEMPTS } from '../modules/outbox/dispatch';

/** The returning customer of the demo (folders/seed.ts): her quotes and invoices were sent to her by e-mail. */
const CUSTOMER = { lastName: 'Fontaine', phone: '0612345678' };
const BUYER = {
  name: 'Mme Claire Fontaine',
  address: '12 rue Paul Bert',
  postalCode: '69003',
  city: 'Lyon',
  email: 'claire.fontaine@exemple.fr',
};
/** Her windscreen jobs, oldest folder first: a replacement, a repair of an impact, a rear window. */
const JOBS = [
  [
    { title: 'Pare-brise athermique avec capteur de pluie', details: '8582AGSMVZ1B', preTaxAmount: '389,00' },
    { title: 'Kit de collage et joint', details: 'KIT-PU-310', preTaxAmount: '34,50' },
    { title: 'Main-d’œuvre pose pare-brise', preTaxAmount: '58,00', quantity: 1.5, unit: 'HUR' as const },
  ],
  [{ title: 'Réparation d’impact sur pare-brise', preTaxAmount: '79,00' }],
  [
    { title: 'Lunette arrière chauffante', details: '8638BGSH5RD', preTaxAmount: '265,00' },
    { title: 'Main-d’œuvre pose lunette arrière', preTaxAmount: '58,00', unit: 'HUR' as const },
  ],
];
const SENDER = 'poseur.admin@demo.garage.fr';
const HOUR = 3_600_000;

interface DemoSending {
  status: Exclude<DocumentMailStatus, 'pending'>;
  /** Hours ago. */
  age: number;
  /** Another address than the document's (the one that bounced). */
  to?: string;
  error?: string;
}

/**
 * What each of her documents shows under « Envois par e-mail », newest document first: a sending that went, one
 * refused for now and retried later, one given up on an old address and then sent again to the right one.
 */
const SENDINGS: DemoSending[][] = [
  [{ status: 'retrying', age: 1, error: '451 4.7.1 Service temporairement indisponible, réessayez plus tard' }],
  [
    {
      status: 'failed',
      age: 72,
      to: 'c.fontaine@ancien-fournisseur.example',
      error: '550 5.1.1 <c.fontaine@ancien-fournisseur.example> : boîte aux lettres inconnue',
    },
    { status: 'sent', age: 70 },
  ],
  [{ status: 'sent', age: 240 }],
];

/**
 * The demo's document mails, written through the product's own sending (the outbox row with the PDF,
 * the folder's history, the reprint in the garage's log), then aged into their outcomes as the dispatcher leaves
 * them: a sent mail keeps no attachment bytes. None is left waiting, so a demo started with `SMTP_URL` sends
 * nothing on its own but the one retry. Runs once (a sending of hers = done).
 */
export async function seedDocumentMailsDemo(db: Database, now = new Date()): Promise<void> {
  const documents = await db
    .select({ id: billingDocuments.id, companyId: billingDocuments.companyId })
    .from(billingDocuments)
    .innerJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(
      and(
        eq(folders.lastName, CUSTOMER.lastName),
        eq(folders.phone, CUSTOMER.phone),
        inArray(billingDocuments.type, [...DOCUMENT_MAIL_TYPES]),
        ne(billingDocuments.status, 'draft'),
      ),
    )
    .orderBy(desc(billingDocuments.id))
    .limit(SENDINGS.length);
  const [sender] = await db.select({ id: users.id }).from(users).where(eq(users.email, SENDER));
  if (!sender) return;
  if (documents.length === 0) {
    // Once: without her folders (a database seeded before she existed) nothing is made and nothing more is tried.
    if (!(await seedHerDocuments(db, sender.id))) return;
    return seedDocumentMailsDemo(db, now);
  }
  const [done] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      inArray(
        outbox.documentId,
        documents.map((row) => row.id),
      ),
    )
    .limit(1);
  if (done) return;

  for (const [index, row] of documents.entries()) {
    const document = await findDocument(db, [row.companyId], row.id);
    if (!document) continue;
    const draft = await documentMailDraft(db, document, { userId: sender.id, mayRevealContact: false });
    for (const sending of SENDINGS[index] ?? []) {
      const to = sending.to ?? draft.to;
      if (!to) continue;
      const id = await queueDocumentMail(
        db,
        document,
        { to, copyToGarage: Boolean(draft.garageEmail), subject: draft.subject, body: draft.body },
        sender.id,
      );
      const at = new Date(now.getTime() - sending.age * HOUR);
      await db
        .update(outbox)
        .set({
          createdAt: at,
          ...(sending.status === 'sent'
            ? { sentAt: new Date(at.getTime() + 4_000), attempts: 1, attachment: null }
            : sending.status === 'retrying'
              ? { attempts: 1, lastError: sending.error, nextAttemptAt: new Date(now.getTime() + HOUR) }
              : { attempts: MAX_ATTEMPTS, lastError: sending.error, nextAttemptAt: null }),
        })
        .where(eq(outbox.id, id));
    }
  }
}

/**
 * Her quotes and invoices, through the product's own calls (the chain links them as any issue does): on her oldest
 * folder a quote turned into an invoice, on the next an invoice, on the newest a quote waiting for her answer.
 * Answers whether she has folders.
 */
async function seedHerDocuments(db: Database, userId: number): Promise<boolean> {
  const hers = await db
    .select({ id: folders.id, companyId: folders.companyId })
    .from(folders)
    .where(and(eq(folders.lastName, CUSTOMER.lastName), eq(folders.phone, CUSTOMER.phone)))
    .orderBy(asc(folders.createdAt), asc(folders.id));
  for (const [index, folder] of hers.slice(0, JOBS.length).entries()) {
    const scope = [folder.companyId];
    const body = documentBodySchema.parse({
      folderId: folder.id,
      customer: BUYER,
      lines: (JOBS[index] ?? []).map((line, position) => ({ quantity: 1, ...line, position: position + 1 })),
    });
    const type = index === 1 ? 'invoice' : 'quotation';
    const id = await createDocument(db, folder.companyId, type, body, userId);
    if (index === 0) {
      const [invoice] = await invoiceFromQuote(db, scope, id, null, userId);
      if (invoice) await issueDocument(db, scope, invoice, userId);
    } else await issueDocument(db, scope, id, userId);
  }
  return hers.length > 0;
}
