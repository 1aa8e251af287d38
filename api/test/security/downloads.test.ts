import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidexaLookups } from '../../src/db/schema';
import { type DemoSink, startDemoSink } from '../../src/modules/demo-sink/sink';
import { periodOf } from '../../src/modules/ereporting/periods';
import { queueReport, reportingGarage } from '../../src/modules/ereporting/transmissions';
import { sendPendingMails } from '../../src/modules/mail/dispatcher';
import { billing } from '../billing/fixtures';
import { createFolder } from '../folders/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { sidexa } from '../sidexa/fixtures';
import { operationsOf } from './openapi-requests';
import { PDF, PNG, rawMultipart } from './upload-fixtures';

/*
 * Every download of the API: a file the browser saves (`attachment`) with its real type and
 * `X-Content-Type-Options: nosniff`, so that nothing a garage uploaded or exported is ever rendered as a page of the
 * site. `inline` only where the product shows a PDF it drew itself in the browser by design: a quote or invoice, the
 * cession de créance's and the work order's « Imprimer », the vehicle report, a units invoice. The garage's logo is an image for `<img>`.
 */

let app: FastifyInstance;
let sink: DemoSink;
let demoMessage = '';
let cookie: string;
let companyId: number;
const ids: Record<string, number> = {};

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

beforeAll(async () => {
  // With the demo's sink: « Messages envoyés (démo) » gives back what was mailed, attachments included.
  sink = await startDemoSink();
  app = await createTestApp({ testRoutes: true, demoSink: sink });
  const owner = await ownTestGarage(app, 10);
  ({ cookie, companyId } = owner);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const answer = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { id: number };
  };
  const upload = async (url: string, fields: Record<string, string>, field: string, name: string, content: Buffer) => {
    const form = rawMultipart([
      ...Object.entries(fields).map(([key, value]) => ({ name: key, value })),
      { name: field, fileName: name, content },
    ]);
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { id: number };
  };

  // A folder with the garage's own insurer, its document and its signed cession de créance.
  await call('POST', '/api/insurer', { shortName: 'Assur Essai', legalName: 'Assurances Essai SA' });
  const folder = await createFolder(app, companyId, { insurer: 'Assur Essai' });
  ids.folder = folder.id;
  ids.document = (
    await upload(`/api/folder/${folder.id}/documents`, { typeFile: 'Autre' }, 'files', 'scan.pdf', PDF)
  ).id;
  await call('POST', `/api/sign/${folder.id}`, { signerName: 'Isidore Essai', accepted: true });
  ids.expense = (
    await upload(
      '/api/expense',
      { label: 'Pare-brise', category: 'Vitrage', date: today(), preTaxAmount: '10,00', taxAmount: '2,00' },
      'file',
      'facture-fournisseur.pdf',
      PDF,
    )
  ).id;
  await upload(`/api/company/${companyId}/logo`, {}, 'file', 'logo.png', PNG);
  // A supplier's PDF imported as an e-invoice: not a Factur-X, kept « à traiter » with its file.
  ids.received = (await upload('/api/einvoicing/received', {}, 'file', 'facture-scan.pdf', PDF)).id;
  // An e-reporting transmission, built as the sweep builds it: its FRR file.
  const reporting = await reportingGarage(app.db, companyId);
  ids.ereport = reporting
    ? ((await queueReport(app.db, reporting, 'transactions', periodOf(today(), 'decade'))) ?? 0)
    : 0;

  const documents = billing(app, cookie);
  ids.quote = await documents.create('quotation');
  ids.invoice = await documents.create('invoice');
  await documents.issue(ids.invoice);
  ids.archive = (await call('POST', `/api/integrity/${companyId}/archives`, { from: today(), to: today() })).id;
  ids.cashUp = (
    await call('POST', '/api/paiement/cash-up', {
      day: today(),
      floatAmount: '0',
      countedCash: '0',
      explanation: 'Contrôle des téléchargements',
    })
  ).id;

  // One unit spent on a vehicle report, and a pack of units bought with the test card.
  const vehicle = await createFolder(app, companyId);
  const lookups = sidexa(app, cookie);
  const unit = (await lookups.consume(vehicle.id, companyId)).json() as { token: string };
  await lookups.quotation(vehicle.id, unit.token);
  const [lookup] = await app.db
    .select({ id: sidexaLookups.id })
    .from(sidexaLookups)
    .where(eq(sidexaLookups.folderId, vehicle.id));
  ids.lookup = lookup?.id ?? 0;
  ids.import = (
    await upload('/api/imports', {}, 'file', 'clients.csv', Buffer.from('Nom;Immatriculation\r\nDupont;AB-123-CD\r\n'))
  ).id;
  // The quote mailed through the sink, its PDF attached.
  const server = { host: '127.0.0.1', port: sink.smtpPort, security: 'none', fromAddress: 'atelier@essai.fr' };
  await app.inject({
    method: 'PUT',
    url: `/api/company/${companyId}/sending/mail`,
    headers: { cookie },
    payload: { level: 'garage', server },
  });
  await call('POST', `/api/quotation/${ids.quote}/mail`, {
    to: 'client@essai.fr',
    subject: 'Devis',
    body: 'Le devis.',
  });
  await sendPendingMails(app.db, (id) => app.senders.mailFor(id === companyId ? id : null));
  const messages = await app.inject({ url: '/api/demo/messages', headers: { cookie } });
  demoMessage = (messages.json() as { data: { id: string }[] }).data[0]?.id ?? '';
  ids.order = (await call('POST', '/api/checkout/orders', { packId: 'pack-10' })).id;
  await call('POST', `/api/checkout/orders/${ids.order}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/39',
    cvc: '123',
  });
});
afterAll(async () => {
  await app.close();
  await sink.close();
});

const PDF_TYPE = /^application\/pdf$/;
const XLSX_TYPE = /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/;
const CSV_TYPE = /^text\/csv; charset=utf-8$/;
const XML_TYPE = /^application\/xml; charset=utf-8$/;

interface Download {
  /** The OpenAPI operation. */
  operation: string;
  url: () => string;
  type: RegExp;
  disposition: 'attachment' | 'inline' | 'none';
}

const period = () => `from=${today()}&to=${today()}`;

const DOWNLOADS: Download[] = [
  {
    operation: 'GET /api/folder/{id}/documents/{documentId}/download',
    url: () => `/api/folder/${ids.folder}/documents/${ids.document}/download`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/expense/{id}/receipt',
    url: () => `/api/expense/${ids.expense}/receipt`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /cession/{folderId}/{action}',
    url: () => `/cession/${ids.folder}/download`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /cession/{folderId}/{action}',
    url: () => `/cession/${ids.folder}/view`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/folder/{id}/work-order/{action}',
    url: () => `/api/folder/${ids.folder}/work-order/download`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/folder/{id}/work-order/{action}',
    url: () => `/api/folder/${ids.folder}/work-order/view`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/folder/{id}/delivery-report/{action}',
    url: () => `/api/folder/${ids.folder}/delivery-report/download`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/folder/{id}/delivery-report/{action}',
    url: () => `/api/folder/${ids.folder}/delivery-report/view`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/quotation/{id}/pdf',
    url: () => `/api/quotation/${ids.quote}/pdf`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/quotation/{id}/pdf',
    url: () => `/api/quotation/${ids.invoice}/pdf`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/quotation/{id}/einvoice',
    url: () => `/api/quotation/${ids.invoice}/einvoice?syntax=cii`,
    type: XML_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/paiement/cash-up/{id}/pdf',
    url: () => `/api/paiement/cash-up/${ids.cashUp}/pdf`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/quotation/{id}/statement/pdf',
    url: () => `/api/quotation/${ids.invoice}/statement/pdf`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  ...(['csv', 'xlsx'] as const).flatMap((format) => [
    {
      operation: 'GET /api/quotation/list/{type}/export',
      url: () => `/api/quotation/list/invoice/export?${period()}&format=${format}`,
      type: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
      disposition: 'attachment' as const,
    },
    {
      operation: 'GET /api/paiement/list/export',
      url: () => `/api/paiement/list/export?${period()}&format=${format}`,
      type: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
      disposition: 'attachment' as const,
    },
    {
      operation: 'GET /api/accounting/{companyId}/journals/export',
      url: () => `/api/accounting/${companyId}/journals/export?${period()}&format=${format}`,
      type: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
      disposition: 'attachment' as const,
    },
  ]),
  {
    operation: 'GET /api/accounting/{companyId}/fec',
    url: () => `/api/accounting/${companyId}/fec?${period()}`,
    type: /^text\/plain; charset=iso-8859-15$/,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/integrity/{companyId}/archives/{id}/file',
    url: () => `/api/integrity/${companyId}/archives/${ids.archive}/file`,
    type: /^application\/zip$/,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/sidexa/{lookupId}/report',
    url: () => `/api/sidexa/${ids.lookup}/report`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/checkout/orders/{id}/invoice',
    url: () => `/api/checkout/orders/${ids.order}/invoice`,
    type: PDF_TYPE,
    disposition: 'inline',
  },
  {
    operation: 'GET /api/einvoicing/received/{id}/file',
    url: () => `/api/einvoicing/received/${ids.received}/file`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/company/{companyId}/ereporting/{id}/file',
    url: () => `/api/company/${companyId}/ereporting/${ids.ereport}/file`,
    type: /^application\/xml/,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/imports/{id}/file',
    url: () => `/api/imports/${ids.import}/file`,
    type: /^application\/octet-stream$/,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/demo/messages/{id}/attachments/{index}',
    url: () => `/api/demo/messages/${demoMessage}/attachments/0`,
    type: PDF_TYPE,
    disposition: 'attachment',
  },
  {
    operation: 'GET /api/company/{companyId}/logo',
    url: () => `/api/company/${companyId}/logo`,
    type: /^image\/png$/,
    disposition: 'none',
  },
  {
    // The HTML of the « Envoyer le dossier » modal, drawn by the server from escaped values (docs/product.md).
    operation: 'GET /invoice/displaySentFolderModal/{folderId}',
    url: () => `/invoice/displaySentFolderModal/${ids.folder}`,
    type: /^text\/html; charset=utf-8$/,
    disposition: 'none',
  },
];

describe('downloads', () => {
  it('are all here: every operation of the OpenAPI document answering anything but JSON', () => {
    const files = operationsOf(app.swagger())
      .filter((operation) => {
        const document = app.swagger() as {
          paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, object> }> }>>;
        };
        const content = document.paths[operation.path]?.[operation.method.toLowerCase()]?.responses?.['200']?.content;
        if (!content) return false;
        const json = content['application/json'];
        // Not JSON, or JSON of any shape (`z.any()`: a route that writes its own bytes).
        return !json || JSON.stringify((json as { schema?: unknown }).schema) === '{}';
      })
      .map((operation) => `${operation.method} ${operation.path}`);
    expect([...new Set(DOWNLOADS.map((download) => download.operation))].sort()).toEqual(files.sort());
  });

  it.each(DOWNLOADS)('$operation ($disposition): its type, nosniff, and how the browser takes it', async (download) => {
    const answer = await app.inject({ url: download.url(), headers: { cookie } });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toMatch(download.type);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const disposition = answer.headers['content-disposition'];
    if (download.disposition === 'none') expect(disposition).toBeUndefined();
    else expect(disposition).toMatch(new RegExp(`^${download.disposition}; filename="[^"\\\\\\r\\n]+"`));
    expect(answer.rawPayload.length).toBeGreaterThan(0);
  });

  it('an uploaded document keeps the type its bytes showed, whatever its name said', async () => {
    // Named .html, the bytes of a PDF: stored and given back as a PDF to save, never as a page.
    const form = rawMultipart([
      { name: 'typeFile', value: 'Autre' },
      { name: 'files', fileName: 'page.html', content: PDF },
    ]);
    const created = await app.inject({
      method: 'POST',
      url: `/api/folder/${ids.folder}/documents`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    const id = (created.json() as { id: number }).id;
    const answer = await app.inject({ url: `/api/folder/${ids.folder}/documents/${id}/download`, headers: { cookie } });
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
