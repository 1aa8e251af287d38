import { randomBytes } from 'node:crypto';
import { formatPlate, vatNumberOf, withLuhnKey } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, folders, sidexaLookups } from '../../../src/db/schema';
import { periodOf } from '../../../src/modules/ereporting/periods';
import { queueReport, reportingGarage } from '../../../src/modules/ereporting/transmissions';
import { createNotifications } from '../../../src/modules/notifications/publish';
import { supplierInvoiceFile } from '../../../src/test-platform/supplier-invoice';
import { uniquePlate } from '../../../test-support/folder-fixture';
import { billing, body, line } from '../../billing/fixtures';
import { createFolder } from '../../folders/fixtures';
import { multipart } from '../../helpers';
import { sidexa } from '../../sidexa/fixtures';
import type { Actors } from './actors';

/** Letters only, so that the search's folding (lower case, no accents) keeps it whole. */
const letters = (count: number) =>
  [...randomBytes(count)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/**
 * What no other tenant may ever see: the owner's customer name (on every record that carries a name) and amounts
 * found nowhere else (a line of 7 313,97 €, a payment of 4 321,09 €, an expense of 6 187,43 €), in cents and in euros.
 */
export function ownerMarks() {
  const name = `Zorglub${letters(8)}`;
  return {
    name,
    /** The folder's number and plate, chosen before it exists: the lists are asked for them before and after. */
    folderNumber: `T-${randomBytes(5).toString('hex')}`,
    plate: uniquePlate(),
    amounts: ['7313,97', '7313.97', '731397', '4321,09', '4321.09', '432109', '6187,43', '6187.43', '618743'],
  };
}
export type Marks = ReturnType<typeof ownerMarks>;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A real 1×1 PNG (a logo the server accepts). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The Paris day of today, as the period calls take it. */
export const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

async function expectCreated(response: { statusCode: number; body: string; json: () => unknown }, what: string) {
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }
  return response.json() as { id: number } & Record<string, unknown>;
}

/** Imports a UBL invoice addressed to the garage, carrying the marks, then a PDF that is not an e-invoice. */
async function receivedInvoices(app: FastifyInstance, cookie: string, companyId: number, marks: Marks) {
  const [garage] = await app.db.select({ siret: companies.siret }).from(companies).where(eq(companies.id, companyId));
  const siren = (garage?.siret ?? '').slice(0, 9);
  const seller = withLuhnKey('77712345');
  const file = await supplierInvoiceFile(
    {
      number: `${marks.name}-1`,
      issueDay: today(),
      dueDay: today(),
      seller: {
        name: `${marks.name} Vitrages SAS`,
        siret: withLuhnKey(`${seller}0001`),
        vatNumber: vatNumberOf(seller),
        address: '1 rue',
        postcode: '69001',
        city: 'Lyon',
      },
      buyer: { name: 'Garage', siren, address: '', postcode: '', city: '' },
      lines: [{ name: `${marks.name} pièce`, quantity: 1, unitCents: 618_743, rate: 20 }],
    },
    'UBL',
  );
  const upload = async (name: string, content: Uint8Array) => {
    const form = await multipart({ file: new Blob([Buffer.from(content)]) }, name);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/einvoicing/received',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    return (await expectCreated(answer, 'received e-invoice')) as { id: number; expenseId: number | null };
  };
  const booked = await upload(file.name, file.bytes);
  const scan = await upload(`${marks.name}.pdf`, PDF);
  if (!booked.expenseId) throw new Error('received e-invoice not booked');
  return { expenseId: booked.expenseId, flowId: scan.id };
}

/** One record of every kind the owner's garage keeps, each carrying the marks; the ids the matrix puts in its calls. */
export async function createOwnerRecords(app: FastifyInstance, actors: Actors, marks: Marks) {
  const { owner, head, fitter } = actors;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = owner.cookie) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const companyId = owner.companyId;

  const technician = await expectCreated(
    await call('POST', '/api/technician/new/0', {
      name: `${marks.name} Poseur`,
      mobile: false,
      color: '#1677ff',
      userId: fitter.userId,
    }),
    'technician',
  );
  const insurer = await expectCreated(
    await call('POST', '/api/insurer', { shortName: `${marks.name} Assur`, legalName: `${marks.name} Assurances SA` }),
    'insurer',
  );
  // Deleted by the owner's pass: the folder's insurer cannot be (409).
  const spareInsurer = await expectCreated(
    await call('POST', '/api/insurer', { shortName: `${marks.name} Rech`, legalName: `${marks.name} Rechange SA` }),
    'spare insurer',
  );
  // Tomorrow 10:00 UTC: in the calendar's week and the fitter's (linked) folders.
  const appointmentAt = new Date(Date.now() + 86_400_000);
  appointmentAt.setUTCHours(10, 0, 0, 0);
  const folder = await createFolder(app, companyId, {
    lastName: marks.name,
    firstName: 'Isidore',
    number: marks.folderNumber,
    plate: marks.plate,
    // The garage's own directory entry: what sending the folder and the cession de créance need.
    insurer: `${marks.name} Assur`,
    ownerId: owner.userId,
    technicianId: technician.id,
    appointmentAt,
  });
  const sidexaFolder = await createFolder(app, companyId, { lastName: marks.name, ownerId: owner.userId });

  const upload = await multipart(
    { nameFileDoc: `${marks.name} photo`, typeFile: 'Autre', files: new Blob([PDF], { type: 'application/pdf' }) },
    `${marks.name}.pdf`,
  );
  const document = await expectCreated(
    await app.inject({
      method: 'POST',
      url: `/api/folder/${folder.id}/documents`,
      headers: { cookie: owner.cookie, ...upload.headers },
      payload: upload.payload,
    }),
    'folder document',
  );
  await expectCreated(
    await call('POST', `/api/comment/add/${folder.id}`, { content: `Commentaire ${marks.name}` }),
    'comment',
  );
  await expectCreated(
    await call('POST', `/api/sign/${folder.id}`, { signerName: `Isidore ${marks.name}`, accepted: true }),
    'cession signature',
  );

  const known = await expectCreated(
    await call('POST', `/api/company/${companyId}/known`, { label: `${marks.name} connu` }),
    'known-by',
  );
  const status = await expectCreated(
    await call('POST', `/api/company/${companyId}/folder-statuses`, { label: `${marks.name} statut`, color: 'blue' }),
    'folder status',
  );
  const supplier = await expectCreated(
    await call('POST', '/api/supplier', { name: `${marks.name} Fournisseur` }),
    'supplier',
  );
  const product = await expectCreated(
    await call('POST', '/api/product', {
      name: `${marks.name} Pare-brise`,
      price: '7 313,97',
      productCode: marks.name,
      stockTracked: true,
    }),
    'product',
  );
  await expectCreated(
    await call('POST', '/api/stock/movements', {
      productId: product.id,
      kind: 'reception',
      quantity: 3,
      unitCost: '7 313,97',
      reference: marks.name,
    }),
    'stock reception',
  );

  const docs = billing(app, owner.cookie);
  const marked = (values: Parameters<typeof body>[0] = {}) =>
    body({
      folderId: folder.id,
      customer: { name: `Isidore ${marks.name}` },
      lines: [line({ title: `${marks.name} pare-brise`, preTaxAmount: '7 313,97' })],
      ...values,
    });
  const quoteId = await docs.create('quotation', marked());
  // An issued quote a deposit is asked on (the draft above is turned into an invoice).
  const issuedQuoteId = (await docs.issue(await docs.create('quotation', marked()))).id;
  const invoice = await docs.issue(await docs.create('invoice', marked()));
  const draftInvoiceId = await docs.create('invoice', marked());
  const disposableDraftId = await docs.create('invoice', marked());
  const creditedInvoice = await docs.issue(await docs.create('invoice', marked()));
  // Owed by the folder's insurer (its signed cession above): « Créances assureurs » lists it.
  const insurerInvoice = await docs.issue(
    await docs.create(
      'invoice',
      marked({
        billTo: 'insurer',
        customer: { name: `${marks.name} Assurances SA`, isBusiness: true, siren: withLuhnKey('54207358') },
      }),
    ),
    'Cession en cours de signature',
  );
  // An insurer invoice drafted before the folder had its policy's deductible: « Facturer la franchise » splits it.
  const unsplitInsurerDraftId = await docs.create(
    'invoice',
    marked({ billTo: 'insurer', customer: { name: `${marks.name} Assurances SA`, isBusiness: true } }),
  );
  await app.db.update(folders).set({ deductibleAmount: 100 }).where(eq(folders.id, folder.id));
  const creditNote = await expectCreated(
    await call('POST', `/api/quotation/${creditedInvoice.id}/credit-note`, { reason: `Geste ${marks.name}` }),
    'credit note',
  );
  const creditNoteId = (await docs.issue(creditNote.id)).id;
  const purchaseOrder = await docs.issue(
    await docs.create(
      'purchase-order',
      marked({ folderId: null, supplierId: supplier.id, billTo: 'supplier', customer: null }),
    ),
  );
  // An overdue invoice under recovery: a past due date, set on the draft before issuing.
  const overdueDraft = await docs.create('invoice', marked());
  await expectCreated(
    await app.inject({
      method: 'POST',
      url: '/api/test/invoice-overdue',
      payload: { email: owner.email, documentId: overdueDraft, days: 20 },
    }),
    'overdue invoice',
  );
  const overdue = await docs.issue(overdueDraft);
  // A second overdue invoice, not under recovery yet: what the owner's pass opens.
  const spareDraft = await docs.create('invoice', marked());
  await app.inject({
    method: 'POST',
    url: '/api/test/invoice-overdue',
    payload: { email: owner.email, documentId: spareDraft, days: 20 },
  });
  const overdueSpare = await docs.issue(spareDraft);
  const recovery = (await expectCreated(await call('POST', `/api/recovery/open/${overdue.id}`), 'recovery')) as {
    recoveryId?: number;
    id?: number;
  };
  const recoveryId = recovery.recoveryId ?? recovery.id ?? 0;
  await expectCreated(
    await call('POST', `/api/recovery/${recoveryId}/comment`, { content: `Relance ${marks.name}` }),
    'recovery comment',
  );

  const payment = await expectCreated(
    await call('POST', '/api/paiement', {
      invoiceId: invoice.id,
      amount: '4 321,09',
      type: 'transfer',
      comment: marks.name,
    }),
    'payment',
  );
  const receipt = await multipart(
    {
      label: `${marks.name} dépense`,
      category: 'Vitrage',
      date: today(),
      preTaxAmount: '6 187,43',
      taxAmount: '0,00',
      supplierName: `${marks.name} Fournisseur`,
      file: new Blob([PDF], { type: 'application/pdf' }),
    },
    'recu.pdf',
  );
  const expense = await expectCreated(
    await app.inject({
      method: 'POST',
      url: '/api/expense',
      headers: { cookie: owner.cookie, ...receipt.headers },
      payload: receipt.payload,
    }),
    'expense',
  );

  // A supplier's e-invoice imported by hand (booked as an expense, its received invoice) and a scan kept « à traiter ».
  const received = await receivedInvoices(app, owner.cookie, companyId, marks);

  const mailTemplate = await expectCreated(
    await call('POST', '/api/message_template/mail/new', {
      type: 'mail',
      subject: `${marks.name} objet`,
      content: `Bonjour ${marks.name}`,
    }),
    'mail template',
  );
  await expectCreated(
    await call('POST', '/api/message_template/sms/new', {
      type: 'sms',
      subject: `${marks.name} sms`,
      content: `SMS ${marks.name}`,
    }),
    'sms template',
  );

  await expectCreated(
    await call('POST', '/api/users/new/0', {
      firstname: 'Invitée',
      name: marks.name,
      email: `${marks.name.toLowerCase()}@invitee.garage.fr`,
      roles: ['ROLE_POSEUR'],
    }),
    'invitation',
  );
  const invitations = (await call('GET', '/api/users/invitations')).json() as
    | { id: number }[]
    | { data: { id: number }[] };
  const [invitation] = Array.isArray(invitations) ? invitations : invitations.data;

  const [notificationId] = await createNotifications(app.db, [
    {
      userId: owner.userId,
      companyId,
      content: `Relance<br>Dossier ${folder.number}<br>${marks.name}`,
      typeFolder: 'relance',
      folderId: folder.id,
      folderTitle: folder.number,
    },
  ]);

  // The network's page, written by its franchisor: the sibling garage reads it, no other network does.
  const page = await expectCreated(
    await call(
      'POST',
      '/api/docs/pages',
      { title: `${marks.name} trame`, content: `<p>${marks.name}</p>` },
      head.cookie,
    ),
    'docs page',
  );

  const lookups = sidexa(app, owner.cookie);
  const unit = (await expectCreated(await lookups.consume(sidexaFolder.id, companyId), 'sidexa unit')) as unknown as {
    tokenId: string;
    token: string;
  };
  const quotation = await lookups.quotation(sidexaFolder.id, unit.token);
  if (quotation.statusCode !== 200) throw new Error(`sidexa quotation: ${quotation.statusCode} ${quotation.body}`);
  const [lookup] = await app.db
    .select({ id: sidexaLookups.id })
    .from(sidexaLookups)
    .where(eq(sidexaLookups.folderId, sidexaFolder.id));

  const order = await expectCreated(await call('POST', '/api/checkout/orders', { packId: 'pack-10' }), 'order');
  await expectCreated(
    await call('POST', `/api/checkout/orders/${order.id}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    }),
    'order payment',
  );

  const logo = await multipart({ file: new Blob([new Uint8Array(PNG)]) }, 'logo.png');
  await expectCreated(
    await app.inject({
      method: 'POST',
      url: `/api/company/${companyId}/logo`,
      headers: { cookie: owner.cookie, ...logo.headers },
      payload: logo.payload,
    }),
    'logo',
  );
  // The owner's till closed today, its difference explained with the mark.
  const cashUp = await expectCreated(
    await call('POST', '/api/paiement/cash-up', {
      day: today(),
      floatAmount: '0',
      countedCash: '0',
      explanation: `Écart ${marks.name}`,
    }),
    'cash-up',
  );
  const archive = await expectCreated(
    await call('POST', `/api/integrity/${companyId}/archives`, { from: today(), to: today() }),
    'archive',
  );
  // A customers file of the former software, uploaded (not imported yet): its name carries the mark.
  const importFile = await multipart(
    { file: new Blob([`Nom;Immatriculation\r\n${marks.name};${uniquePlate()}\r\n`]) },
    `${marks.name}.csv`,
  );
  const customerImport = await expectCreated(
    await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...importFile.headers, cookie: owner.cookie },
      payload: importFile.payload,
    }),
    'import',
  );

  // An unpaid invoice of the former software imported as an opening balance, owed by a customer carrying the mark.
  const balanceFile = await multipart(
    {
      kind: 'receivables',
      file: new Blob([`N° facture;Date;Client;Reste dû\r\n${marks.name};02/01/2026;Isidore ${marks.name};12,34\r\n`]),
    },
    `${marks.name}-impayes.csv`,
  );
  const balanceImport = await expectCreated(
    await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...balanceFile.headers, cookie: owner.cookie },
      payload: balanceFile.payload,
    }),
    'receivables import',
  );
  const balanceRun = await call('POST', `/api/imports/${balanceImport.id}/run`, { mapping: balanceImport.mapping });
  if (balanceRun.statusCode !== 200) throw new Error(`owner records: receivables import ${balanceRun.body}`);

  // An e-reporting transmission of the last décade over, built as the sweep builds it.
  const reporting = await reportingGarage(app.db, companyId);
  const lastDecade = periodOf(new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10), 'decade');
  const ereportId = reporting ? await queueReport(app.db, reporting, 'transactions', lastDecade) : null;
  if (!ereportId) throw new Error('owner records: e-reporting transmission not built');

  return {
    ...searchTerms(marks),
    ereportId,
    companyId,
    franchiseId: head.franchiseId,
    ownerUserId: owner.userId,
    fitterUserId: fitter.userId,
    technicianId: technician.id,
    folderId: folder.id,
    sidexaFolderId: sidexaFolder.id,
    sidexaToken: unit.token,
    sidexaTokenId: unit.tokenId,
    sidexaRegistration: formatPlate(sidexaFolder.plate),
    lookupId: lookup?.id ?? 0,
    documentId: document.id,
    knownId: known.id,
    statusId: status.id,
    supplierId: supplier.id,
    productId: product.id,
    insurerId: insurer.id,
    spareInsurerId: spareInsurer.id,
    overdueSpareId: overdueSpare.id,
    /** The garage's profile as it reads: saved back unchanged by the owner's pass (its mentions stay complete). */
    profile: (await call('GET', `/api/company/${companyId}/profile`)).json() as object,
    receivedExpenseId: received.expenseId,
    receivedFlowId: received.flowId,
    quoteId,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number ?? '',
    draftInvoiceId,
    disposableDraftId,
    creditNoteId,
    purchaseOrderId: purchaseOrder.id,
    overdueInvoiceId: overdue.id,
    recoveryId,
    paymentId: payment.id,
    expenseId: expense.id,
    mailTemplateId: mailTemplate.id,
    invitationId: invitation?.id ?? 0,
    notificationId: notificationId ?? 0,
    docPageId: page.id,
    orderId: order.id,
    archiveId: archive.id,
    importId: customerImport.id,
    cashUpId: cashUp.id,
    insurerInvoiceId: insurerInvoice.id,
    unsplitInsurerDraftId,
    issuedQuoteId,
    insurerName: insurerInvoice.customer.name,
    insurerSiren: insurerInvoice.customer.siren ?? '',
  };
}
export type OwnerRecords = Awaited<ReturnType<typeof createOwnerRecords>>;

/** What the search probes type: known before the owner's records exist, so that lists are asked the same twice. */
export const searchTerms = (marks: Marks) => ({
  mark: marks.name,
  folderNumber: marks.folderNumber,
  plate: formatPlate(marks.plate),
});
