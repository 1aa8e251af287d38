import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  folderDocumentListSchema,
  folderDocumentSchema,
  INVOICE_AMOUNT_INVALID,
  INVOICE_NUMBER_REQUIRED,
  MAX_UPLOAD_BYTES,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderDocuments, folderHistory } from '../../src/db/schema';
import { createTestApp, login, multipart } from '../helpers';
import { companyId } from '../notifications/fixtures';
import { createFolder } from './fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  lyonAdmin = await login(app, 'poseur.admin@demo.garage.fr');
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
});
afterAll(() => app.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const upload = async (folderId: number, fields: Record<string, string | Blob>, fileName = 'facture.pdf') => {
  const body = await multipart(fields, fileName);
  return app.inject({
    method: 'POST',
    url: `/api/folder/${folderId}/documents`,
    headers: { cookie: lyonAdmin, ...body.headers },
    payload: body.payload,
  });
};
const documentsOf = (folderId: number) =>
  app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId));

describe('folder documents', () => {
  it('stores an invoice (amount in cents, type from the content), lists it and gives it back as an attachment', async () => {
    const { id } = await createFolder(app, lyon);
    const response = await upload(
      id,
      {
        nameFileDoc: 'Facture pare-brise',
        typeFile: 'Facture',
        numberInvoice: 'F-2026-0042',
        priceInvoice: '1 234,56',
        // The browser's word for the type is not trusted: the bytes say PDF.
        files: new Blob([PDF], { type: 'text/html' }),
      },
      'Facture été.pdf',
    );
    expect(response.statusCode).toBe(201);
    const document = folderDocumentSchema.parse(response.json());
    expect(document).toMatchObject({
      name: 'Facture pare-brise',
      typeFile: 'Facture',
      fileName: 'Facture été.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      numberInvoice: 'F-2026-0042',
      priceInvoice: 123456,
    });
    const list = folderDocumentListSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/folder/${id}/documents`, headers: { cookie: lyonAdmin } })).json(),
    );
    expect(list.map((item) => item.id)).toEqual([document.id]);
    const download = await app.inject({
      method: 'GET',
      url: `/api/folder/${id}/documents/${document.id}/download`,
      headers: { cookie: lyonAdmin },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const history = await app.db.select().from(folderHistory).where(eq(folderHistory.folderId, id));
    expect(history.some((entry) => entry.kind === 'document' && entry.newValue === 'Facture pare-brise')).toBe(true);
  });

  it('refuses by content what is not an accepted file, whatever its name (415), storing nothing', async () => {
    const { id } = await createFolder(app, lyon);
    const html = await upload(
      id,
      { typeFile: 'Photo avant travaux', files: new Blob(['<html><script>alert(1)</script>']) },
      'photo.jpg',
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(FILE_TYPE_REFUSED_MESSAGE);
    expect(await documentsOf(id)).toHaveLength(0);
  });

  it('refuses a file over 16 MB (413, French message), storing nothing', async () => {
    const { id } = await createFolder(app, lyon);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0x20);
    PDF.copy(big);
    const response = await upload(id, { typeFile: 'Autre', files: new Blob([big]) }, 'gros.pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await documentsOf(id)).toHaveLength(0);
  });

  it('needs an invoice’s number and a valid amount, and a file', async () => {
    const { id } = await createFolder(app, lyon);
    const noNumber = await upload(id, { typeFile: 'Facture', priceInvoice: '10', files: new Blob([PDF]) });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe(INVOICE_NUMBER_REQUIRED);
    const badAmount = await upload(id, {
      typeFile: 'Facture',
      numberInvoice: 'F1',
      priceInvoice: '12,345',
      files: new Blob([PDF]),
    });
    expect(badAmount.json().message).toBe(INVOICE_AMOUNT_INVALID);
    const noFile = await upload(id, { typeFile: 'Autre' });
    expect(noFile.statusCode).toBe(400);
    expect(await documentsOf(id)).toHaveLength(0);
  });

  it('keeps another company’s folder and documents out: upload, list and download answer 404', async () => {
    const other = await createFolder(app, paris);
    expect((await upload(other.id, { typeFile: 'Autre', files: new Blob([PDF]) })).statusCode).toBe(404);
    expect(await documentsOf(other.id)).toHaveLength(0);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/folder/${other.id}/documents`,
      headers: { cookie: lyonAdmin },
    });
    expect(listed.statusCode).toBe(404);
    // A Paris document, asked for through its own folder or through a Lyon folder: not found either way.
    const parisCmd = await login(app, 'cmd@demo.garage.fr');
    const body = await multipart({ typeFile: 'Autre', files: new Blob([PDF]) });
    const parisDoc = await app.inject({
      method: 'POST',
      url: `/api/folder/${other.id}/documents`,
      headers: { cookie: parisCmd, ...body.headers },
      payload: body.payload,
    });
    expect(parisDoc.statusCode).toBe(201);
    const { id: lyonFolder } = await createFolder(app, lyon);
    for (const folderId of [other.id, lyonFolder]) {
      const download = await app.inject({
        method: 'GET',
        url: `/api/folder/${folderId}/documents/${parisDoc.json().id}/download`,
        headers: { cookie: lyonAdmin },
      });
      expect(download.statusCode).toBe(404);
      expect(download.json().message).toBe(DOCUMENT_NOT_FOUND_MESSAGE);
    }
  });
});
