import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { startSmtpServer } from '../../../test/smtp-server';
import { DEFAULT_MAIL_FROM, loadConfig } from '../../config';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import { createSmtpTransport } from '../sending/smtp-transport';
import { oneMailSender, sendPendingMails } from './dispatcher';

const USER = 'garage';
const PASSWORD = 's3cret-smtp-pass';
const FROM = '"Garage Test" <robot@garage.example.fr>';
const REFUSED = 'refuse@test.example.fr';

/** The shared test server, with AUTH: `url()` logs in with the right password unless told otherwise. */
async function fakeSmtpServer() {
  const server = await startSmtpServer({ auth: { user: USER, password: PASSWORD }, refused: REFUSED });
  return { ...server, url: (password = PASSWORD) => `smtp://${USER}:${password}@127.0.0.1:${server.port}` };
}

let app: FastifyInstance;
let db: Database;
let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
let transport: ReturnType<typeof createSmtpTransport>;

beforeAll(async () => {
  // No SMTP_URL: this app never sends; the tests drive passes themselves on its database.
  app = await createTestApp();
  db = app.db;
  smtp = await fakeSmtpServer();
  transport = createSmtpTransport(smtp.url());
  // Only this file's rows: the seed writes none today, but a pass would send any it did.
  await db.update(outbox).set({ sentAt: sql`now()` }).where(sql`${outbox.sentAt} is null`);
});

afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await app?.close();
});

const insertMail = async (to: string, subject = 'Sujet', body = '<p>Bonjour</p>') => {
  const [row] = await db.insert(outbox).values({ channel: 'mail', to, subject, body }).returning();
  if (!row) throw new Error('not inserted');
  return row;
};
const rowOf = async (id: number) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
};
const receivedBy = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
const pass = (options: Parameters<typeof sendPendingMails>[2] = {}) =>
  sendPendingMails(db, oneMailSender(transport, FROM), options);

describe('sendPendingMails', () => {
  it('delivers a pending mail once: headers, HTML and text, sent_at set', async () => {
    const row = await insertMail(
      'client@test.example.fr',
      'Votre dossier AB-123-CD',
      'Relance<br>Dossier AB-123-CD<br>Merci &amp; à bientôt',
    );

    expect(await pass()).toEqual({ sent: 1, failed: 0 });

    const [mail] = receivedBy('client@test.example.fr');
    expect(receivedBy('client@test.example.fr')).toHaveLength(1);
    expect(mail).toMatchObject({
      to: 'client@test.example.fr',
      from: FROM,
      subject: 'Votre dossier AB-123-CD',
      html: 'Relance<br>Dossier AB-123-CD<br>Merci &amp; à bientôt',
    });
    expect(mail?.text.trim()).toBe('Relance\nDossier AB-123-CD\nMerci & à bientôt');
    const stored = await rowOf(row.id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null });

    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    expect(receivedBy('client@test.example.fr')).toHaveLength(1);
  });

  it('sends a plain-text body (activation, invitation) as text, keeping its lines', async () => {
    const body = 'Bonjour Léa,\n\nActivez votre compte :\nhttps://garage.example.fr/activate/abc';
    await insertMail('lea@test.example.fr', 'Activez votre compte', body);

    expect(await pass()).toEqual({ sent: 1, failed: 0 });

    const [mail] = receivedBy('lea@test.example.fr');
    expect(mail?.html).toBe(false);
    expect(mail?.text.trim()).toBe(body);
  });

  it('never touches SMS rows', async () => {
    const [sms] = await db
      .insert(outbox)
      .values({ channel: 'sms', to: '+33612345678', body: 'Votre véhicule est prêt' })
      .returning();
    if (!sms) throw new Error('not inserted');

    expect(await pass()).toEqual({ sent: 0, failed: 0 });

    expect(await rowOf(sms.id)).toMatchObject({ sentAt: null, attempts: 0, lastError: null, nextAttemptAt: null });
  });

  it('records a refused mail, backs off, retries when due and gives up after maxAttempts', async () => {
    const row = await insertMail(REFUSED);

    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/550/);
    // About one minute ahead (database clock).
    const [{ aheadMs } = { aheadMs: 0 }] = await db
      .select({ aheadMs: sql<number>`(extract(epoch from ${outbox.nextAttemptAt} - now()) * 1000)::float8` })
      .from(outbox)
      .where(eq(outbox.id, row.id));
    expect(aheadMs).toBeGreaterThan(50_000);
    expect(aheadMs).toBeLessThanOrEqual(60_000);

    // Not due yet: left alone.
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    expect((await rowOf(row.id)).attempts).toBe(1);

    // Due: retried, then given up (maxAttempts 2): no next attempt, the error stays visible.
    await db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.id, row.id));
    expect(await pass({ maxAttempts: 2 })).toEqual({ sent: 0, failed: 1 });
    const abandoned = await rowOf(row.id);
    expect(abandoned).toMatchObject({ sentAt: null, attempts: 2, nextAttemptAt: null });
    expect(abandoned.lastError).toMatch(/550/);
    expect(await pass({ maxAttempts: 2 })).toEqual({ sent: 0, failed: 0 });
    expect(receivedBy(REFUSED)).toHaveLength(0);
    // With the default limit it would be claimed again (raising MAX_ATTEMPTS resumes such mails).
    await db.delete(outbox).where(eq(outbox.id, row.id));
  });

  it('records an authentication failure without the password', async () => {
    const row = await insertMail('auth@test.example.fr');
    const wrong = createSmtpTransport(smtp.url('wrong-password'));
    try {
      expect(await sendPendingMails(db, oneMailSender(wrong, FROM))).toEqual({ sent: 0, failed: 1 });
    } finally {
      wrong.close();
    }
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/EAUTH/);
    expect(failed.lastError).not.toContain('wrong-password');
    expect(failed.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    // Left for its back-off: a normal pass does not pick it up at once.
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
  });

  it('two concurrent dispatchers deliver each of 10 mails exactly once', async () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `concurrent-${i}@test.example.fr`);
    for (const to of addresses) await insertMail(to);
    // Each worker claims small batches until it finds nothing, so their claims interleave.
    const worker = async () => {
      let sent = 0;
      for (;;) {
        const result = await pass({ batchSize: 3 });
        sent += result.sent;
        if (result.sent + result.failed === 0) return sent;
      }
    };

    const [first, second] = await Promise.all([worker(), worker()]);

    expect((first ?? 0) + (second ?? 0)).toBe(10);
    for (const to of addresses) expect(receivedBy(to)).toHaveLength(1);
    const rows = await db.select().from(outbox).where(inArray(outbox.to, addresses));
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe('the mail plugin', () => {
  it('with SMTP_URL, the app sends what lands in the outbox, and stops on close', async () => {
    const mailApp = await createTestApp({
      config: { smtpUrl: smtp.url(), mailFrom: FROM, mailPollMs: 100, outboxLoops: true },
    });
    let closed = false;
    try {
      const row = await insertMail('app@test.example.fr', 'Envoyé par l’application');
      const deadline = Date.now() + 5000;
      while (receivedBy('app@test.example.fr').length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(receivedBy('app@test.example.fr')).toEqual([
        expect.objectContaining({ subject: 'Envoyé par l’application', from: FROM }),
      ]);
      await expect.poll(async () => (await rowOf(row.id)).sentAt, { timeout: 2000 }).toBeInstanceOf(Date);

      await mailApp.close();
      closed = true;
      const after = await insertMail('after-close@test.example.fr');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(receivedBy('after-close@test.example.fr')).toHaveLength(0);
      expect((await rowOf(after.id)).sentAt).toBeNull();
    } finally {
      if (!closed) await mailApp.close();
      // Leave nothing pending for the other app of this file.
      await db
        .update(outbox)
        .set({ sentAt: sql`now()` })
        .where(and(like(outbox.to, '%@test.example.fr'), sql`${outbox.sentAt} is null`));
    }
  });
});

describe('mail settings', () => {
  const env = (vars: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...vars });

  it('sends nothing by default, and reads SMTP_URL, MAIL_FROM, MAIL_POLL_MS', () => {
    expect(env({})).toMatchObject({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, mailPollMs: 5000 });
    expect(
      env({ SMTP_URL: 'smtps://u:p@mail.example.fr:465', MAIL_FROM: 'Garage <a@b.fr>', MAIL_POLL_MS: '250' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.fr:465', mailFrom: 'Garage <a@b.fr>', mailPollMs: 250 });
  });

  it('refuses a wrong SMTP_URL or MAIL_POLL_MS at start-up, never echoing the password', () => {
    expect(() => env({ SMTP_URL: 'https://u:topsecret@mail.example.fr' })).toThrow(
      /SMTP_URL doit être une adresse smtp:\/\/ ou smtps:\/\//,
    );
    expect(() => env({ SMTP_URL: 'not a url topsecret' })).toThrow(/^(?![\s\S]*topsecret)[\s\S]*SMTP_URL/);
    expect(() => env({ MAIL_POLL_MS: '0' })).toThrow(/MAIL_POLL_MS/);
  });
});
