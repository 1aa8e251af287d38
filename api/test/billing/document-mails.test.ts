import { createHash } from 'node:crypto';
import {
  BILLING_DOCUMENT_NOT_FOUND,
  DOCUMENT_MAIL_BODY_INVALID,
  DOCUMENT_MAIL_BODY_REQUIRED,
  DOCUMENT_MAIL_BODY_TOO_LONG,
  DOCUMENT_MAIL_COPY_INVALID,
  DOCUMENT_MAIL_DRAFT_NOT_ALLOWED,
  DOCUMENT_MAIL_SUBJECT_ONE_LINE,
  DOCUMENT_MAIL_SUBJECT_REQUIRED,
  DOCUMENT_MAIL_SUBJECT_TOO_LONG,
  DOCUMENT_MAIL_TO_INVALID,
  DOCUMENT_MAIL_TO_REQUIRED,
  DOCUMENT_MAIL_TYPE_NOT_ALLOWED,
  DOCUMENT_MAILED_KEPT,
  type DocumentMail,
  type DocumentMailDraft,
  documentMailDraftSchema,
  documentMailsResponseSchema,
} from 'contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDocuments,
  companies,
  documentOriginals,
  folderHistory,
  ledgerEvents,
  outbox,
  users,
} from '../../src/db/schema';
import { findDocument } from '../../src/modules/billing/documents/documents-queries';
import { documentMails, queueDocumentMail } from '../../src/modules/billing/mails/document-mails';
import { oneMailSender, sendPendingMails } from '../../src/modules/mail/dispatcher';
import { MAX_ATTEMPTS } from '../../src/modules/outbox/dispatch';
import { createSmtpTransport } from '../../src/modules/sending/smtp-transport';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { startSmtpServer } from '../smtp-server';
import { billing, body } from './fixtures';

/*
 * Documents by e-mail: the prefilled mail, the outbox row with the PDF as the download serves it (an issued
 * document's original, byte for byte), its delivery over a real SMTP server read back with mailparser, the sending's
 * outcome on the document, refusals in French that write nothing, and other garages kept out.
 */

const FROM = '"Garage Test" <robot@garage.example.fr>';
const REFUSED = 'refuse@test.example.fr';
const GARAGE_EMAIL = 'atelier@garage-essai.example.fr';

async function fakeSmtpServer() {
  const server = await startSmtpServer({ refused: REFUSED });
  return { ...server, url: `smtp://127.0.0.1:${server.port}` };
}

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let other: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;
let folderId: number;
let plate: string;
let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
let transport: ReturnType<typeof createSmtpTransport>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  other = await ownTestGarage(app);
  api = billing(app, garage.cookie);
  await app.db
    .update(companies)
    .set({ tradeName: 'Garage Essai', email: GARAGE_EMAIL, phone: '04 78 00 11 22' })
    .where(eq(companies.id, garage.companyId));
  const folder = await insertTestFolder(app.db, garage.companyId, { email: 'helene.testeur@exemple.fr' });
  folderId = folder.id;
  plate = folder.plate;
  smtp = await fakeSmtpServer();
  transport = createSmtpTransport(smtp.url);
  // Only this file's mails go through the passes below: what the seed left pending is set aside.
  await app.db.update(outbox).set({ sentAt: sql`now()` }).where(sql`${outbox.sentAt} is null`);
});

afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await app?.close();
});

const mailRequest = (values: Record<string, unknown> = {}) => ({
  to: 'client@test.example.fr',
  copyToGarage: false,
  subject: 'Votre document',
  body: 'Bonjour,\n\nVeuillez trouver ci-joint votre document.\n\nCordialement',
  ...values,
});
const draftOf = async (id: number, cookie = garage.cookie) =>
  app.inject({ method: 'GET', url: `/api/quotation/${id}/mail/draft`, headers: { cookie } });
const send = async (id: number, payload: object, cookie = garage.cookie) =>
  app.inject({ method: 'POST', url: `/api/quotation/${id}/mail`, headers: { cookie }, payload });
const mailsOf = async (id: number, cookie = garage.cookie) =>
  app.inject({ method: 'GET', url: `/api/quotation/${id}/mails`, headers: { cookie } });
const listed = async (id: number): Promise<DocumentMail[]> => {
  const response = await mailsOf(id);
  expect(response.statusCode).toBe(200);
  return documentMailsResponseSchema.parse(response.json()).data;
};
const outboxRow = async (id: number) => {
  const [row] = await app.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
};
const outboxCount = async () => (await app.db.select({ rows: count() }).from(outbox))[0]?.rows ?? 0;
const historyCount = async () =>
  (await app.db.select({ rows: count() }).from(folderHistory).where(eq(folderHistory.folderId, folderId)))[0]?.rows ??
  0;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const receivedBy = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
/** One dispatcher pass over this file's document mails (any other mail written meanwhile is set aside first). */
const pass = async () => {
  await app.db
    .update(outbox)
    .set({ sentAt: sql`now()` })
    .where(and(sql`${outbox.sentAt} is null`, isNull(outbox.documentId)));
  return sendPendingMails(app.db, oneMailSender(transport, FROM));
};
/** A folder invoice, its buyer read from the folder (with its address), issued. */
const issuedInvoice = async () => api.issue(await api.create('invoice', body({ folderId, customer: null })));
const frenchDay = (day: string | null) => (day ?? '').split('-').reverse().join('/');

describe('the prefilled mail', () => {
  it('of an issued invoice: the buyer’s address, the default French subject and body, the garage’s address', async () => {
    const invoice = await issuedInvoice();
    const response = await draftOf(invoice.id);
    expect(response.statusCode).toBe(200);
    const draft: DocumentMailDraft = documentMailDraftSchema.parse(response.json());
    expect(draft).toMatchObject({
      to: 'helene.testeur@exemple.fr',
      subject: `Facture ${invoice.number} — Garage Essai`,
      garageEmail: GARAGE_EMAIL,
    });
    expect(draft.body.split('\n')).toEqual([
      'Bonjour Hélène Testeur,',
      '',
      `Veuillez trouver ci-joint notre facture ${invoice.number} d’un montant de 120,00 € TTC, à régler au plus tard le ${frenchDay(invoice.dueDate)}.`,
      `Il concerne le véhicule immatriculé ${invoice.vehicleMentions?.plate}.`,
      '',
      'Nous restons à votre disposition pour toute question.',
      '',
      'Cordialement,',
      'Garage Essai',
      'Tél. 04 78 00 11 22',
    ]);
    expect(invoice.vehicleMentions?.plate.replace(/-/g, '')).toBe(plate);
    // No placeholder left over.
    expect(`${draft.subject}${draft.body}`).not.toMatch(/#[A-Z]+#/);
  });

  it('of a quote whose buyer has no address: the folder customer’s, and that reveal is in the folder’s history', async () => {
    const quote = await api.create('quotation', body({ folderId, customer: { name: 'Sans Adresse' } }));
    const before = await historyCount();
    const draft = documentMailDraftSchema.parse((await draftOf(quote)).json());
    expect(draft.to).toBe('helene.testeur@exemple.fr');
    expect(draft.subject).toBe('Devis (brouillon) — Garage Essai');
    expect(draft.body).toContain('Bonjour Sans Adresse,');
    expect(draft.body).toContain('Veuillez trouver ci-joint notre devis d’un montant de 120,00 € TTC.');
    expect(await historyCount()).toBe(before + 1);
    const [reveal] = await app.db
      .select()
      .from(folderHistory)
      .where(eq(folderHistory.folderId, folderId))
      .orderBy(desc(folderHistory.id))
      .limit(1);
    expect(reveal).toMatchObject({ kind: 'contact', field: 'mail' });
  });

  it('of a credit note: what it is worth to its buyer, and the invoice it corrects', async () => {
    const invoice = await issuedInvoice();
    const created = await api.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Geste commercial' });
    const creditNote = await api.issue((created.json() as { id: number }).id);
    const draft = documentMailDraftSchema.parse((await draftOf(creditNote.id)).json());
    expect(draft.subject).toBe(`Avoir ${creditNote.number} — Garage Essai`);
    expect(draft.body).toContain(
      `notre avoir ${creditNote.number} d’un montant de 120,00 € TTC en votre faveur, qui corrige la facture ${invoice.number}.`,
    );
  });
});

describe('sending a document', () => {
  let invoiceId: number;
  let invoiceNumber: string;
  let mailId: number;
  const body1 = 'Bonjour Hélène,\n\nVoici votre facture <b>acquittée</b> & son détail.\n\nGarage Essai';

  it('writes ONE outbox row with the original attached byte for byte, the folder’s history and the event log', async () => {
    const invoice = await issuedInvoice();
    invoiceId = invoice.id;
    invoiceNumber = invoice.number ?? '';
    const outboxBefore = await outboxCount();
    const response = await send(
      invoice.id,
      mailRequest({
        to: ' client@test.example.fr ',
        copyToGarage: true,
        subject: `Facture ${invoiceNumber}`,
        body: body1,
      }),
    );
    expect(response.statusCode).toBe(201);
    mailId = (response.json() as { id: number }).id;
    expect(await outboxCount()).toBe(outboxBefore + 1);

    const row = await outboxRow(mailId);
    const [original] = await app.db
      .select()
      .from(documentOriginals)
      .where(eq(documentOriginals.documentId, invoice.id));
    const download = (await api.call('GET', `/api/quotation/${invoice.id}/pdf`)).rawPayload;
    expect(row).toMatchObject({
      channel: 'mail',
      companyId: garage.companyId,
      to: 'client@test.example.fr',
      cc: GARAGE_EMAIL,
      subject: `Facture ${invoiceNumber}`,
      body: body1,
      documentId: invoice.id,
      attachmentName: `${invoiceNumber}.pdf`,
      attachmentSha256: original?.sha256,
      sentAt: null,
      attempts: 0,
    });
    expect(sha256(row.attachment ?? new Uint8Array())).toBe(original?.sha256);
    expect(Buffer.compare(Buffer.from(row.attachment ?? new Uint8Array()), download)).toBe(0);

    const [history] = await app.db
      .select()
      .from(folderHistory)
      .where(and(eq(folderHistory.folderId, folderId), eq(folderHistory.kind, 'document_mail')))
      .orderBy(desc(folderHistory.id))
      .limit(1);
    expect(history).toMatchObject({ field: 'invoice', newValue: invoiceNumber });
    expect(history?.content).toBe(`Facture ${invoiceNumber} envoyé par e-mail (copie au garage)`);
    expect(history?.content).not.toContain('client@test.example.fr');
    const events = await app.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.companyId, garage.companyId), eq(ledgerEvents.kind, 'reprint')))
      .orderBy(desc(ledgerEvents.seq));
    expect(events.map((event) => event.details)).toContainEqual({
      documentId: invoice.id,
      type: 'invoice',
      number: invoiceNumber,
      sha256: original?.sha256,
      channel: 'mail',
      outboxId: mailId,
    });

    expect(await listed(invoice.id)).toEqual([
      {
        id: mailId,
        to: 'client@test.example.fr',
        cc: GARAGE_EMAIL,
        subject: `Facture ${invoiceNumber}`,
        createdAt: row.createdAt.toISOString(),
        sentAt: null,
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
        // This app has no SMTP_URL: the sending says it waits for a server, never « en attente » as if it would leave.
        status: 'no_server',
      },
    ]);
    // With a mail server configured, the same row waits for its first attempt.
    expect((await documentMails(app.db, invoice.id, async () => true)).map((mail) => mail.status)).toEqual(['pending']);
  });

  it('the dispatcher delivers it over SMTP: subject, recipient, copy, plain text, the PDF whose SHA-256 is the original’s', async () => {
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    const [mail] = receivedBy('client@test.example.fr');
    expect(receivedBy('client@test.example.fr')).toHaveLength(1);
    expect(mail?.envelopeTo.sort()).toEqual(['client@test.example.fr', GARAGE_EMAIL].sort());
    expect(mail).toMatchObject({
      subject: `Facture ${invoiceNumber}`,
      to: 'client@test.example.fr',
      cc: GARAGE_EMAIL,
      // Typed by staff: sent as text, its « <b> » as written, never as markup.
      html: false,
    });
    expect(mail?.text.trim()).toBe(body1);
    const [original] = await app.db
      .select({ sha256: documentOriginals.sha256 })
      .from(documentOriginals)
      .where(eq(documentOriginals.documentId, invoiceId));
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        sha256: original?.sha256,
      }),
    ]);

    const [sending] = await listed(invoiceId);
    expect(sending).toMatchObject({ id: mailId, status: 'sent', attempts: 1, lastError: null });
    expect(sending?.sentAt).not.toBeNull();
    // The bytes left with the mail; the name and digest stay as the proof of what was sent.
    const row = await outboxRow(mailId);
    expect(row).toMatchObject({
      attachment: null,
      attachmentName: `${invoiceNumber}.pdf`,
      attachmentSha256: original?.sha256,
    });
  });

  it('a refused recipient: the sending shows a retry with the server’s error, newest first, then given up', async () => {
    const response = await send(invoiceId, mailRequest({ to: REFUSED }));
    expect(response.statusCode).toBe(201);
    const refusedId = (response.json() as { id: number }).id;

    expect(await pass()).toEqual({ sent: 0, failed: 1 });

    const [latest, first] = await listed(invoiceId);
    expect(first?.id).toBe(mailId);
    expect(latest).toMatchObject({
      id: refusedId,
      to: REFUSED,
      cc: null,
      status: 'retrying',
      sentAt: null,
      attempts: 1,
    });
    expect(latest?.lastError).toMatch(/550/);
    expect(receivedBy(REFUSED)).toHaveLength(0);

    // Its last allowed retry comes and is refused too: the sending is given up, says so, and is never claimed again.
    await app.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, refusedId));
    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    const [givenUp] = await listed(invoiceId);
    expect(givenUp).toMatchObject({ id: refusedId, status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    expect(givenUp?.lastError).toMatch(/550/);
  });

  it('a quote in any status: a draft’s PDF is the one drawn now, marked BROUILLON, and it is then kept', async () => {
    const quote = await api.create('quotation', body({ folderId, customer: { name: 'Devis Brouillon' } }));
    const response = await send(quote, mailRequest());
    expect(response.statusCode).toBe(201);
    const row = await outboxRow((response.json() as { id: number }).id);
    expect(row.attachmentName).toBe(`brouillon-${quote}.pdf`);
    expect(row.attachmentSha256).toBe(sha256(row.attachment ?? new Uint8Array()));
    expect(await pdfText(new Uint8Array(row.attachment ?? new Uint8Array()))).toContain('BROUILLON');
    // No original was frozen for it, and no reprint was logged.
    expect(await app.db.select().from(documentOriginals).where(eq(documentOriginals.documentId, quote))).toEqual([]);

    const deleted = await api.call('DELETE', `/api/quotation/${quote}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ message: DOCUMENT_MAILED_KEPT });
    expect(
      await app.db.select({ id: billingDocuments.id }).from(billingDocuments).where(eq(billingDocuments.id, quote)),
    ).toHaveLength(1);

    const issued = await api.issue(await api.create('quotation', body({ customer: { name: 'Devis Émis' } })));
    const sent = await send(issued.id, mailRequest());
    expect(sent.statusCode).toBe(201);
    const issuedRow = await outboxRow((sent.json() as { id: number }).id);
    expect(issuedRow.attachmentName).toBe(`${issued.number}.pdf`);
    const [original] = await app.db
      .select({ sha256: documentOriginals.sha256 })
      .from(documentOriginals)
      .where(eq(documentOriginals.documentId, issued.id));
    expect(issuedRow.attachmentSha256).toBe(original?.sha256);
  });

  it('a draft quote deleted while its PDF was being drawn: 404 in French, nothing written', async () => {
    const quote = await api.create('quotation', body({ customer: { name: 'Devis Supprimé' } }));
    // What the sending route read and drew before the deletion committed.
    const drawn = await findDocument(app.db, [garage.companyId], quote);
    if (!drawn) throw new Error('the quote is not readable');
    expect((await api.call('DELETE', `/api/quotation/${quote}`)).statusCode).toBe(204);
    const before = { outbox: await outboxCount(), history: await historyCount() };
    const [sender] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, garage.email));
    await expect(queueDocumentMail(app.db, drawn, mailRequest(), sender?.id ?? 0)).rejects.toMatchObject({
      kind: 'not-found',
      message: BILLING_DOCUMENT_NOT_FOUND,
    });
    expect({ outbox: await outboxCount(), history: await historyCount() }).toEqual(before);
  });

  it('refuses an invoice or a credit note not issued (409) and a purchase order (400), writing nothing', async () => {
    const draftInvoice = await api.create('invoice', body({ folderId, customer: null }));
    const supplier = await api.call('POST', '/api/supplier', { name: 'Fournisseur Essai' });
    const order = await api.issue(
      await api.create(
        'purchase-order',
        body({
          folderId: null,
          supplierId: (supplier.json() as { id: number }).id,
          billTo: 'supplier',
          customer: null,
        }),
      ),
    );
    const before = { outbox: await outboxCount(), history: await historyCount() };
    for (const [id, status, message] of [
      [draftInvoice, 409, DOCUMENT_MAIL_DRAFT_NOT_ALLOWED],
      [order.id, 400, DOCUMENT_MAIL_TYPE_NOT_ALLOWED],
    ] as const) {
      for (const response of [await draftOf(id), await send(id, mailRequest())]) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ message });
      }
    }
    expect({ outbox: await outboxCount(), history: await historyCount() }).toEqual(before);
  });
});

describe('refusals', () => {
  it('answers a bad request 400 in French and writes nothing', async () => {
    const invoice = await issuedInvoice();
    const before = { outbox: await outboxCount(), history: await historyCount() };
    const { to: _to, ...withoutTo } = mailRequest();
    const cases: [object, string][] = [
      [withoutTo, DOCUMENT_MAIL_TO_REQUIRED],
      [mailRequest({ to: '  ' }), DOCUMENT_MAIL_TO_REQUIRED],
      [mailRequest({ to: 'pas-une-adresse' }), DOCUMENT_MAIL_TO_INVALID],
      [mailRequest({ to: 'a@exemple.fr, b@exemple.fr' }), DOCUMENT_MAIL_TO_INVALID],
      [mailRequest({ subject: '' }), DOCUMENT_MAIL_SUBJECT_REQUIRED],
      [mailRequest({ subject: 'x'.repeat(201) }), DOCUMENT_MAIL_SUBJECT_TOO_LONG],
      [mailRequest({ subject: 'Facture\r\nBcc: espion@exemple.fr' }), DOCUMENT_MAIL_SUBJECT_ONE_LINE],
      [mailRequest({ body: '' }), DOCUMENT_MAIL_BODY_REQUIRED],
      [mailRequest({ body: ' \n ' }), DOCUMENT_MAIL_BODY_REQUIRED],
      [mailRequest({ body: 'x'.repeat(10_001) }), DOCUMENT_MAIL_BODY_TOO_LONG],
      [mailRequest({ body: 'Bonjour\u0000' }), DOCUMENT_MAIL_BODY_INVALID],
      [mailRequest({ copyToGarage: 'oui' }), DOCUMENT_MAIL_COPY_INVALID],
    ];
    for (const [payload, message] of cases) {
      const response = await send(invoice.id, payload);
      expect(
        { status: response.statusCode, message: response.json().message },
        JSON.stringify(payload).slice(0, 80),
      ).toEqual({ status: 400, message });
    }
    expect({ outbox: await outboxCount(), history: await historyCount() }).toEqual(before);
    expect(await listed(invoice.id)).toEqual([]);
  });

  it('keeps other garages and lower roles out: 404 or 403 on the draft, the sending and the list, nothing written', async () => {
    const invoice = await issuedInvoice();
    await send(invoice.id, mailRequest());
    const lyonQuote = await billing(app, await login(app, 'poseur.admin@demo.garage.fr')).create('quotation', body());
    const fitter = await login(app, 'poseur@demo.garage.fr');
    const before = { outbox: await outboxCount(), history: await historyCount() };

    for (const response of [
      await draftOf(invoice.id, other.cookie),
      await send(invoice.id, mailRequest(), other.cookie),
      await mailsOf(invoice.id, other.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: BILLING_DOCUMENT_NOT_FOUND });
      expect(response.body).not.toContain('client@test.example.fr');
    }
    // The garage's fitter holds no billing permission.
    for (const response of [
      await draftOf(lyonQuote, fitter),
      await send(lyonQuote, mailRequest(), fitter),
      await mailsOf(lyonQuote, fitter),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    for (const response of [
      await app.inject({ method: 'GET', url: `/api/quotation/${invoice.id}/mail/draft` }),
      await app.inject({ method: 'POST', url: `/api/quotation/${invoice.id}/mail`, payload: mailRequest() }),
      await app.inject({ method: 'GET', url: `/api/quotation/${invoice.id}/mails` }),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect({ outbox: await outboxCount(), history: await historyCount() }).toEqual(before);
  });
});
