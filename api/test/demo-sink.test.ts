import { demoMessagesResponseSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import { pointDemoAtSink } from '../src/modules/demo-sink/demo-settings';
import { type DemoSink, startDemoSink } from '../src/modules/demo-sink/sink';
import { sendPendingMails } from '../src/modules/mail/dispatcher';
import { pointDemoAtPlatform } from '../src/test-platform/demo-platform';
import { startTestPlatform, type TestPlatform } from '../src/test-platform/server';
import { billing, body } from './billing/fixtures';
import { createTestApp, login } from './helpers';

/*
 * The demo's post office: a demo start points its garages at a real SMTP server and SMS endpoint on the machine, and
 * « Messages envoyés (démo) » shows each user what their garages sent, attachments included; nobody else's.
 */

let app: FastifyInstance;
let plain: FastifyInstance;
let sink: DemoSink;
let platform: TestPlatform;

beforeAll(async () => {
  sink = await startDemoSink();
  app = await createTestApp({ testRoutes: true, demoSink: sink });
  plain = await createTestApp();
  await pointDemoAtSink(app.db, app.senders.key, sink);
  // And the demo's approved platform, as a demo start sets it (« Mise en route » asks for one).
  platform = await startTestPlatform();
  await pointDemoAtPlatform(app.db, app.senders.key, platform);
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await sink?.close();
  await platform?.close();
});

const messagesOf = async (cookie: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/demo/messages', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return demoMessagesResponseSchema.parse(response.json()).data;
};
/** The demo garages only: other files' garages have no setting and share the database. */
const demoOnly = async (companyId: number | null) => {
  if (companyId === null) return null;
  const [company] = await app.db.select({ demo: companies.demo }).from(companies).where(eq(companies.id, companyId));
  return company?.demo ? companyId : null;
};

describe('the demo sink', () => {
  it('receives a quote mailed from a demo garage, PDF attached, and shows it to that garage alone', async () => {
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const api = billing(app, admin);
    const quote = await api.issue(await api.create('quotation', body()));
    const mailed = await app.inject({
      method: 'POST',
      url: `/api/quotation/${quote.id}/mail`,
      headers: { cookie: admin },
      payload: { to: 'client.demo@exemple.fr', subject: `Devis ${quote.number}`, body: 'Bonjour, voici le devis.' },
    });
    expect(mailed.statusCode, mailed.body).toBe(201);
    const senderOf = async (companyId: number | null) => app.senders.mailFor(await demoOnly(companyId));
    expect((await sendPendingMails(app.db, senderOf)).sent).toBeGreaterThanOrEqual(1);

    const [message] = (await messagesOf(admin)).filter((item) => item.to === 'client.demo@exemple.fr');
    expect(message).toMatchObject({ channel: 'mail', subject: `Devis ${quote.number}` });
    expect(message?.from).toContain('ne-pas-repondre@demo.garage.fr');
    expect(message?.attachments).toEqual([
      expect.objectContaining({ index: 0, name: `${quote.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    const file = await app.inject({
      method: 'GET',
      url: `/api/demo/messages/${message?.id}/attachments/0`,
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Another garage's user sees neither the message nor its file.
    const other = await login(app, 'comptable@demo.garage.fr');
    expect((await messagesOf(other)).some((item) => item.id === message?.id)).toBe(false);
    const stolen = await app.inject({
      method: 'GET',
      url: `/api/demo/messages/${message?.id}/attachments/0`,
      headers: { cookie: other },
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('receives the SMS of a demo garage through the provider’s API', async () => {
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const infos = await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie: admin } });
    const companyId = (infos.json() as { company: { id: number } }).company.id;
    const test = await app.inject({
      method: 'POST',
      url: `/api/company/${companyId}/sending/sms/test`,
      headers: { cookie: admin },
      payload: { to: '06 11 22 33 44' },
    });
    expect(test.json(), test.body).toMatchObject({ sent: true });
    const [sms] = (await messagesOf(admin)).filter((item) => item.channel === 'sms');
    expect(sms).toMatchObject({ to: '+33611223344', from: 'DEMOGARAGE' });
  });

  it('completes the demo garage’s « Mise en route »: identity, bank, logo, team, templates, mail and SMS through the sink, its platform', async () => {
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const infos = await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie: admin } });
    const companyId = (infos.json() as { company: { id: number } }).company.id;
    const setup = await app.inject({
      method: 'GET',
      url: `/api/company/${companyId}/setup`,
      headers: { cookie: admin },
    });
    const items = (setup.json() as { items: { key: string; done: boolean; detail: string }[] }).items;
    expect(items.filter((item) => !item.done)).toEqual([]);
    expect(items.find((item) => item.key === 'mail')?.detail).toBe(
      'Serveur d’envoi configuré (réglage du réseau) : les e-mails partent',
    );
  });

  it('does not exist on a server that is no demo', async () => {
    const admin = await login(plain, 'poseur.admin@demo.garage.fr');
    const response = await plain.inject({ method: 'GET', url: '/api/demo/messages', headers: { cookie: admin } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'Ce serveur n’est pas une démonstration : les messages partent vers les vrais destinataires',
    );
  });
});
