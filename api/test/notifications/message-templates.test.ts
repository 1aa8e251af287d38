import {
  folderMessageTemplateResponseSchema,
  messageTemplateListResponseSchema,
  messageTemplateSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder } from '../folders/fixtures';
import { createTestApp, login } from '../helpers';
import { companyId } from './fixtures';

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, 'poseur.admin@demo.garage.fr');
});
afterAll(() => app.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('template lists', () => {
  it('answers the mail and SMS templates of my garage, paged', async () => {
    const mail = messageTemplateListResponseSchema.parse((await get('/api/message_template/mail/list', admin)).json());
    const own = mail.data.filter((template) => template.editable);
    expect(own.map((t) => t.type).sort()).toEqual(['assurance', 'assurance', 'mail']);
    // And the one the franchisor publishes to its centres (the demo's), read-only.
    expect(mail.data.filter((template) => !template.editable).map((t) => [t.type, t.shared])).toEqual([['mail', true]]);
    const sms = messageTemplateListResponseSchema.parse(
      (await get('/api/message_template/sms/list?pageSize=1', admin)).json(),
    );
    expect(sms.totalRecords).toBe(3);
    expect(sms.data).toHaveLength(1);
    expect(sms.data[0]?.type).toBe('sms');
  });

  it('is for the messages permission only', async () => {
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await get('/api/message_template/mail/list', fitter)).statusCode).toBe(403);
  });
});

describe('create and edit', () => {
  it('creates a template with its content sanitized (script stripped)', async () => {
    const response = await post('/api/message_template/sms/new', admin, {
      type: 'sms',
      subject: 'Relance',
      content: '<p>Bonjour #FOLDER#</p><script>alert("x")</script><img src=x onerror="alert(1)">',
    });
    expect(response.statusCode).toBe(201);
    const template = messageTemplateSchema.parse(response.json());
    expect(template.content).not.toContain('script');
    expect(template.content).not.toContain('onerror');
    expect(template.content).toContain('<p>Bonjour #FOLDER#</p>');
  });

  it('validates with French messages', async () => {
    const response = await post('/api/message_template/mail/new', admin, {
      type: 'mail',
      subject: ' ',
      content: '<p></p>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le sujet est obligatoire');
    const empty = await post('/api/message_template/mail/new', admin, {
      type: 'mail',
      subject: 'Sujet',
      content: '<p></p>',
    });
    expect(empty.json().message).toBe('Le contenu est obligatoire');
  });

  it('reads and updates a template of my garage, 404 for another garage’s', async () => {
    const created = messageTemplateSchema.parse(
      (await post('/api/message_template/mail/new', admin, { type: 'mail', subject: 'A', content: '<p>a</p>' })).json(),
    );
    const read = messageTemplateSchema.parse((await get(`/api/message_template/${created.id}/edit`, admin)).json());
    expect(read.subject).toBe('A');
    const updated = await post(`/api/message_template/${created.id}/edit`, admin, {
      type: 'mercure',
      subject: 'B',
      content: '<p>b</p><script>x</script>',
    });
    expect(updated.statusCode).toBe(200);
    expect(messageTemplateSchema.parse(updated.json())).toMatchObject({
      type: 'mercure',
      subject: 'B',
      content: '<p>b</p>',
    });

    const other = await login(app, 'service.client@demo.garage.fr');
    expect((await get(`/api/message_template/${created.id}/edit`, other)).statusCode).toBe(404);
    const hijack = await post(`/api/message_template/${created.id}/edit`, other, {
      type: 'mail',
      subject: 'X',
      content: '<p>x</p>',
    });
    expect(hijack.statusCode).toBe(404);
  });

  it('refuses to create under TOUT', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } });
    const response = await post('/api/message_template/mail/new', multi, {
      type: 'mail',
      subject: 'A',
      content: '<p>a</p>',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /folder/:folderId/message_template/:templateId', () => {
  it('replaces #FOLDER# with the folder name, escaped in the HTML', async () => {
    const template = messageTemplateSchema.parse(
      (
        await post('/api/message_template/sms/new', admin, {
          type: 'sms',
          subject: 'Dossier #FOLDER#',
          content: '<p>Votre dossier #FOLDER# est prêt (#FOLDER#)</p>',
        })
      ).json(),
    );
    // A plate the API would never store, written directly: the name must still reach HTML escaped.
    const folder = await createFolder(app, await companyId(app, 'lyon'), { plate: 'GH<b>42</b>IJ' });
    const response = await get(`/folder/${folder.id}/message_template/${template.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(folderMessageTemplateResponseSchema.parse(response.json())).toEqual({
      type: 'sms',
      subject: 'Dossier GH<B>42</B>IJ',
      content: '<p>Votre dossier GH&#60;B&#62;42&#60;/B&#62;IJ est prêt (GH&#60;B&#62;42&#60;/B&#62;IJ)</p>',
    });
  });

  it('answers 404 "Dossier introuvable" for another company’s folder', async () => {
    const list = messageTemplateListResponseSchema.parse((await get('/api/message_template/sms/list', admin)).json());
    const elsewhere = await createFolder(app, await companyId(app, 'paris'));
    const response = await get(`/folder/${elsewhere.id}/message_template/${list.data[0]?.id}`, admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Dossier introuvable');
  });
});
