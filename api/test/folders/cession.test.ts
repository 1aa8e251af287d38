import { PDFDocument } from '@cantoo/pdf-lib';
import { CESSION_NEEDS_INSURER, folderDocumentSchema, SIGNATURE_INVALID } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderDocuments } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';
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

// The smallest valid PNG: 1x1 transparent pixel.
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: lyonAdmin } });
const sign = (id: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/sign/${id}`, headers: { cookie: lyonAdmin }, payload });

describe('cession de créance', () => {
  it('prints the assignment as a PDF that opens, inline or as a file', async () => {
    const { id, number } = await createFolder(app, lyon);
    const view = await get(`/cession/${id}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe(`inline; filename="cession-de-creance-${number}.pdf"`);
    const pdf = await PDFDocument.load(view.rawPayload);
    expect(pdf.getTitle()).toBe('Cession de créance');
    expect((await get(`/cession/${id}/download`)).headers['content-disposition']).toMatch(/^attachment;/);
    expect((await get(`/cession/${id}/delete`)).statusCode).toBe(400);
  });

  it('needs the insurer and the claim number', async () => {
    const { id } = await createFolder(app, lyon, { claimNumber: null });
    const response = await get(`/cession/${id}/view`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CESSION_NEEDS_INSURER);
  });

  it('signed on screen, becomes a PDF document of the folder', async () => {
    const { id } = await createFolder(app, lyon);
    const response = await sign(id, { signerName: 'Hélène Testeur', accepted: true, signature: PIXEL });
    expect(response.statusCode).toBe(201);
    const document = folderDocumentSchema.parse(response.json());
    expect(document).toMatchObject({ typeFile: 'Cession de créance', mimeType: 'application/pdf' });
    const download = await get(`/api/folder/${id}/documents/${document.id}/download`);
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(1);
    // The name alone signs too (keyboard users, no drawing).
    expect((await sign(id, { signerName: 'Hélène Testeur', accepted: true })).statusCode).toBe(201);
  });

  it('refuses a missing acceptance, a signature that is not a PNG, another company’s folder', async () => {
    const { id } = await createFolder(app, lyon);
    expect((await sign(id, { signerName: 'Hélène Testeur', accepted: false })).statusCode).toBe(400);
    const html = await sign(id, {
      signerName: 'Hélène Testeur',
      accepted: true,
      signature: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe(SIGNATURE_INVALID);
    const other = await createFolder(app, paris);
    expect((await sign(other.id, { signerName: 'X Y', accepted: true })).statusCode).toBe(404);
    expect((await get(`/cession/${other.id}/view`)).statusCode).toBe(404);
    const stored = await app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, other.id));
    expect(stored).toHaveLength(0);
  });
});
