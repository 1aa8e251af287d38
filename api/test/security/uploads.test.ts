import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  EMPTY_FILE_MESSAGE,
  EXPENSE_RECEIPT_INVALID,
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  FITTER_PHOTO_REFUSED,
  FITTER_PHOTO_REQUIRED,
  IMPORT_MESSAGES,
  LOGO_MAX_BYTES,
  LOGO_REQUIRED_MESSAGE,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_REFUSED_MESSAGE,
  MAX_UPLOAD_BYTES,
  PLATFORM_MESSAGES,
  parisToday,
} from 'contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../src/api-root';
import { companyLogos, expenses, folderDocuments, imports, platformFlows } from '../../src/db/schema';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login } from '../helpers';
import { HOSTILE_NAMES, LYING_FILES, PDF, PNG, rawMultipart, uploadHeldBack, zipBomb } from './upload-fixtures';

/*
 * Every upload route against hostile files: one byte over the limit refused in French while the client
 * still holds back the rest of its body, contents that lie about their kind, a zip bomb, names that try paths,
 * zero bytes. What other files already prove is not repeated: the exact 1 MB of a logo (company-logo.test.ts), an
 * HTML page named .jpg among folder documents (folders/documents.test.ts).
 */

let app: FastifyInstance;
let cookie: string;
let companyId: number;
let technicianId: number;
let port: number;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  // A garage of the test's own whose admin is also its fitter: every upload route is open to one session.
  const garage = await app.inject({
    method: 'POST',
    url: '/api/test/garage',
    payload: { email: 'poseur.admin@demo.garage.fr', technician: true },
  });
  const created = garage.json() as { email: string; companyId: number; technicianId: number };
  ({ companyId, technicianId } = created);
  cookie = await login(app, created.email);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

/** A folder of the garage with the fitter's appointment today and step 1 done: ready for the photo of step 2. */
async function fitterFolder(): Promise<number> {
  const folder = await createFolder(app, companyId, { technicianId, appointmentAt: new Date() });
  const first = await post(`/api/fitter/folders/${folder.id}/steps`, stepFields(1), undefined);
  if (first.statusCode !== 201) throw new Error(`étape 1 : ${first.statusCode} ${first.body}`);
  return folder.id;
}
const stepFields = (step: number) => ({
  step: String(step),
  doneAt: new Date().toISOString(),
  idempotencyKey: randomUUID(),
});

function post(
  url: string,
  fields: Record<string, string>,
  file: { field: string; name: string; content: Buffer } | undefined,
) {
  const form = rawMultipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: file.field, fileName: file.name, content: file.content }] : []),
  ]);
  return app.inject({ method: 'POST', url, headers: { cookie, ...form.headers }, payload: form.payload });
}

interface UploadRoute {
  name: string;
  /** A fresh target (a folder of its own where the route records on one), then its URL. */
  url: () => Promise<string>;
  fields: () => Record<string, string>;
  fileField: string;
  limit: number;
  tooLarge: string;
  /** A file of the kind it takes. */
  accepted: Buffer;
  refused: { status: number; message: string };
  empty: { status: number; message: string };
  /** Rows holding its files, to prove a refusal stored nothing. */
  stored: () => Promise<number>;
}

const folderDocumentCount = async () => (await app.db.select({ n: count() }).from(folderDocuments))[0]?.n ?? 0;

const ROUTES: UploadRoute[] = [
  {
    name: 'logo du garage',
    url: async () => `/api/company/${companyId}/logo`,
    fields: () => ({}),
    fileField: 'file',
    limit: LOGO_MAX_BYTES,
    tooLarge: LOGO_TOO_LARGE_MESSAGE,
    accepted: PNG,
    refused: { status: 415, message: LOGO_TYPE_REFUSED_MESSAGE },
    empty: { status: 400, message: LOGO_REQUIRED_MESSAGE },
    stored: async () =>
      (await app.db.select({ n: count() }).from(companyLogos).where(eq(companyLogos.companyId, companyId)))[0]?.n ?? 0,
  },
  {
    name: 'documents du dossier',
    url: async () => `/api/folder/${(await createFolder(app, companyId)).id}/documents`,
    fields: () => ({ typeFile: 'Autre' }),
    fileField: 'files',
    limit: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    accepted: PDF,
    refused: { status: 415, message: FILE_TYPE_REFUSED_MESSAGE },
    empty: { status: 400, message: FILE_REQUIRED_MESSAGE },
    stored: folderDocumentCount,
  },
  {
    name: 'justificatif de dépense',
    url: async () => '/api/expense',
    fields: () => ({
      label: 'Pare-brise',
      category: 'Vitrage',
      date: parisToday(),
      preTaxAmount: '10,00',
      taxAmount: '2,00',
    }),
    fileField: 'file',
    limit: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    accepted: PDF,
    refused: { status: 415, message: EXPENSE_RECEIPT_INVALID },
    empty: { status: 400, message: EMPTY_FILE_MESSAGE },
    stored: async () =>
      (await app.db.select({ n: count() }).from(expenses).where(eq(expenses.companyId, companyId)))[0]?.n ?? 0,
  },
  {
    name: 'facture électronique reçue autrement',
    url: async () => '/api/einvoicing/received',
    fields: () => ({}),
    fileField: 'file',
    limit: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    accepted: PDF,
    refused: { status: 415, message: PLATFORM_MESSAGES.fileKind },
    empty: { status: 400, message: EMPTY_FILE_MESSAGE },
    stored: async () =>
      (await app.db.select({ n: count() }).from(platformFlows).where(eq(platformFlows.companyId, companyId)))[0]?.n ??
      0,
  },
  {
    name: 'fichier clients de l’ancien logiciel',
    url: async () => '/api/imports',
    fields: () => ({}),
    fileField: 'file',
    limit: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    accepted: Buffer.from('Nom;Immatriculation\r\nDupont;AB-123-CD\r\n'),
    refused: { status: 400, message: IMPORT_MESSAGES.unreadable },
    empty: { status: 400, message: IMPORT_MESSAGES.unreadable },
    stored: async () =>
      (await app.db.select({ n: count() }).from(imports).where(eq(imports.companyId, companyId)))[0]?.n ?? 0,
  },
  {
    name: 'photo d’une étape du poseur',
    url: async () => `/api/fitter/folders/${await fitterFolder()}/steps`,
    fields: () => stepFields(2),
    fileField: 'file',
    limit: MAX_UPLOAD_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    accepted: PNG,
    refused: { status: 415, message: FITTER_PHOTO_REFUSED },
    empty: { status: 400, message: FITTER_PHOTO_REQUIRED },
    stored: folderDocumentCount,
  },
];

/** Routes reading form data without wanting a file: a file sent anyway meets the same 16 MB limit. */
const FORMS_WITHOUT_FILES = [
  {
    name: 'rendez-vous du dossier',
    url: async () => `/api/folder/${(await createFolder(app, companyId)).id}/appointment/update`,
  },
  { name: 'archivage d’une notification', url: async () => '/api/notifications/2147483647/archive' },
];

describe('the upload routes', () => {
  it('are all listed here: every module reading form data is one of them', async () => {
    const modules = join(API_ROOT, 'src', 'modules');
    const readers: string[] = [];
    for (const entry of await readdir(modules, { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
      const source = await readFile(join(modules, entry), 'utf8');
      if (/readFormData\(|\.parts\(|\.file\(\)/.test(source)) readers.push(entry);
    }
    expect(readers.sort()).toEqual([
      'billing/expenses/expenses-routes.ts',
      'company/logo-routes.ts',
      'einvoicing/received-routes.ts',
      'fitter/routes.ts',
      'folders/activity/activity-routes.ts',
      'folders/documents/document-routes.ts',
      'imports/routes.ts',
      'notifications/routes.ts',
    ]);
  });
});

describe.each(ROUTES)('$name', (route) => {
  it('refuses one byte over its limit, in French, without waiting for the rest of the body, storing nothing', async () => {
    const before = await route.stored();
    const heldBack = 4 * 1024 * 1024;
    const answer = await uploadHeldBack({
      port,
      path: await route.url(),
      cookie,
      fields: route.fields(),
      fileField: route.fileField,
      fileBytes: route.limit + 1 + heldBack,
      heldBack,
    });
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(route.tooLarge);
    // The answer came with the file's limit + 1 bytes in: the server did not wait for the 4 MB held back.
    expect(answer.announced - answer.sent).toBeGreaterThan(heldBack);
    expect(await route.stored()).toBe(before);
  });

  it('refuses every file that lies about its kind, by its first bytes, in French, storing nothing', async () => {
    const before = await route.stored();
    for (const file of LYING_FILES) {
      const answer = await post(await route.url(), route.fields(), { field: route.fileField, ...file });
      expect([answer.statusCode, answer.json().message], file.what).toEqual([
        route.refused.status,
        route.refused.message,
      ]);
    }
    expect(await route.stored()).toBe(before);
  });

  it('refuses a file of zero bytes with a French 400', async () => {
    const before = await route.stored();
    const answer = await post(await route.url(), route.fields(), {
      field: route.fileField,
      name: 'vide.pdf',
      content: Buffer.alloc(0),
    });
    expect([answer.statusCode, answer.json().message]).toEqual([route.empty.status, route.empty.message]);
    expect(await route.stored()).toBe(before);
  });
});

describe('a zip bomb', () => {
  let bomb: { bytes: Buffer; inflated: number };
  beforeAll(async () => {
    bomb = await zipBomb();
  });

  it('is kept as sent among folder documents (an Office file by its parts list), never inflated, and given back whole', async () => {
    expect(bomb.inflated / bomb.bytes.length).toBeGreaterThan(500);
    const folder = await createFolder(app, companyId);
    const answer = await post(
      `/api/folder/${folder.id}/documents`,
      { typeFile: 'Autre' },
      {
        field: 'files',
        name: 'tableau.xlsx',
        content: bomb.bytes,
      },
    );
    expect(answer.statusCode).toBe(201);
    const [row] = await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folder.id));
    expect(row?.size).toBe(bomb.bytes.length);
    const download = await app.inject({
      url: `/api/folder/${folder.id}/documents/${row?.id}/download`,
      headers: { cookie },
    });
    expect(download.rawPayload.equals(bomb.bytes)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is refused by type where no zip is taken: logo, expense receipt, fitter photo', async () => {
    for (const route of ROUTES.filter((candidate) => candidate.name !== 'documents du dossier')) {
      const answer = await post(await route.url(), route.fields(), {
        field: route.fileField,
        name: 'photo.png',
        content: bomb.bytes,
      });
      expect([answer.statusCode, answer.json().message], route.name).toEqual([
        route.refused.status,
        route.refused.message,
      ]);
    }
  });
});

/** What a stored or announced file name must never carry: a path, a control or direction character, no length. */
function unsafeName(name: string | null | undefined): string | undefined {
  if (!name) return 'vide';
  if (/[/\\]/.test(name)) return 'un chemin';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what is looked for
  if (/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'un caractère de contrôle';
  if (name.length > 200) return 'plus de 200 caractères';
  return undefined;
}

describe('names that try paths and tricks', () => {
  it('folder documents: stored as a plain name, downloaded as an attachment whose header holds one line', async () => {
    const folder = await createFolder(app, companyId);
    for (const name of HOSTILE_NAMES) {
      const answer = await post(
        `/api/folder/${folder.id}/documents`,
        { typeFile: 'Autre' },
        {
          field: 'files',
          name,
          content: PDF,
        },
      );
      expect(answer.statusCode, JSON.stringify(name)).toBe(201);
      const id = (answer.json() as { id: number }).id;
      const [row] = await app.db.select().from(folderDocuments).where(eq(folderDocuments.id, id));
      expect(unsafeName(row?.fileName), `${JSON.stringify(name)} -> ${JSON.stringify(row?.fileName)}`).toBeUndefined();
      const download = await app.inject({
        url: `/api/folder/${folder.id}/documents/${id}/download`,
        headers: { cookie },
      });
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"\\\r\n]*"; filename\*=UTF-8''[\w%.!~*'()-]+$/);
    }
  });

  it('expense receipts and fitter photos: stored as plain names too', async () => {
    for (const name of HOSTILE_NAMES) {
      const expense = await post('/api/expense', ROUTES[2]?.fields() ?? {}, { field: 'file', name, content: PDF });
      expect(expense.statusCode, JSON.stringify(name)).toBe(201);
      const [receipt] = await app.db
        .select({ name: expenses.receiptName })
        .from(expenses)
        .where(eq(expenses.id, (expense.json() as { id: number }).id));
      expect(unsafeName(receipt?.name), `${JSON.stringify(name)} -> ${JSON.stringify(receipt?.name)}`).toBeUndefined();

      const folderId = await fitterFolder();
      const step = await post(`/api/fitter/folders/${folderId}/steps`, stepFields(2), {
        field: 'file',
        name,
        content: PNG,
      });
      expect(step.statusCode, JSON.stringify(name)).toBe(201);
      const [photo] = await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId));
      expect(
        unsafeName(photo?.fileName),
        `${JSON.stringify(name)} -> ${JSON.stringify(photo?.fileName)}`,
      ).toBeUndefined();
    }
  });
});

describe('forms that take no file', () => {
  it.each(FORMS_WITHOUT_FILES)(
    '$name: a file sent anyway is refused one byte over 16 MB, without the rest',
    async (form) => {
      const heldBack = 4 * 1024 * 1024;
      const answer = await uploadHeldBack({
        port,
        path: await form.url(),
        cookie,
        fields: {},
        fileField: 'file',
        fileBytes: MAX_UPLOAD_BYTES + 1 + heldBack,
        heldBack,
      });
      expect(answer.statusCode).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(FILE_TOO_LARGE_MESSAGE);
    },
  );
});
