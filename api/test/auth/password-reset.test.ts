import { createHash } from 'node:crypto';
import {
  CENTRE_MESSAGES,
  DEMO_PASSWORD,
  PASSWORD_CHANGED_MAIL_SUBJECT,
  PASSWORD_RESET_EXPIRED,
  PASSWORD_RESET_INVALID,
  PASSWORD_RESET_MAIL_SUBJECT,
  PASSWORD_RESET_RATE_LIMIT,
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_USED,
} from 'contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, outbox, passwordResetTokens, users } from '../../src/db/schema';
import { sendPasswordResetLink } from '../../src/modules/auth/password-reset';
import { PASSWORD_RESET_PER_ADDRESS, PASSWORD_RESET_PER_EMAIL } from '../../src/plugins/external/rate-limit';
import { createTestApp, login, loginResponse, randomIp } from '../helpers';

let app: FastifyInstance;

beforeAll(async () => {
  // Links point to PUBLIC_URL, never to the request's host.
  app = await createTestApp({ testRoutes: true, config: { publicUrl: 'https://garage.example.fr' } });
});
afterAll(async () => {
  await app.close();
});

/** A user of the test's own (the demo fitter admin's garages, roles and password). */
async function cloneUser(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/clone-user',
    payload: { email: 'poseur.admin@demo.garage.fr' },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { email: string }).email;
}

/** « Mot de passe oublié ? » for `email`, then the work done once the answer has left. */
async function askReset(email: string, remoteAddress = randomIp()) {
  const response = await app.inject({ method: 'POST', url: '/api/password-reset', payload: { email }, remoteAddress });
  await app.answeredWork();
  return response;
}

const mailsTo = (to: string) => app.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

/** The token of the last reset link e-mailed to `to`. */
async function resetTokenOf(to: string): Promise<string> {
  const [mail] = (await mailsTo(to)).filter((row) => row.subject === PASSWORD_RESET_MAIL_SUBJECT);
  const token = mail?.body.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset mail to ${to}`);
  return token;
}

const readLink = (token: string) => app.inject({ method: 'GET', url: `/api/password-reset/${token}` });
const setPassword = (token: string, password: string, confirmation = password) =>
  app.inject({
    method: 'POST',
    url: `/api/password-reset/${token}`,
    payload: { password, confirmation },
    remoteAddress: randomIp(),
  });

describe('asking for a reset link', () => {
  it('answers the same to a real, an unknown and a deactivated address, and mails only the real account', async () => {
    const real = await cloneUser();
    const locked = await cloneUser();
    await app.db.update(users).set({ active: false }).where(eq(users.email, locked));
    const unknown = `personne.${Date.now()}@inconnu.garage.fr`;

    const answers = [await askReset(real), await askReset(unknown), await askReset(locked.toUpperCase())];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    }
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);

    const [mail, ...others] = await mailsTo(real);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(PASSWORD_RESET_MAIL_SUBJECT);
    expect(mail?.body).toContain('30 minutes');
    expect(mail?.body).toMatch(/^https:\/\/garage\.example\.fr\/reset-password\/[A-Za-z0-9_-]{43}$/m);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(await mailsTo(locked)).toEqual([]);
    const [lockedUser] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, locked));
    expect(
      await app.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, lockedUser?.id ?? 0)),
    ).toEqual([]);
  });

  it('stores only the sha256 of the link, valid 30 minutes', async () => {
    const email = await cloneUser();
    await askReset(email);
    const token = await resetTokenOf(email);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user?.id ?? 0));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it('limits the requests per client address and per e-mail address, in French', async () => {
    const address = randomIp();
    for (let i = 0; i < PASSWORD_RESET_PER_ADDRESS; i++) {
      expect((await askReset(`adresse.${i}.${Date.now()}@inconnu.garage.fr`, address)).statusCode).toBe(202);
    }
    const refused = await askReset('encore@inconnu.garage.fr', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PASSWORD_RESET_RATE_LIMIT);
    // A malformed request from that address is counted and refused the same way.
    expect((await askReset('pas une adresse', address)).statusCode).toBe(429);

    // Another client asking for the same mailbox over and over: refused after the limit, whoever asks.
    const email = await cloneUser();
    for (let i = 0; i < PASSWORD_RESET_PER_EMAIL; i++) expect((await askReset(email)).statusCode).toBe(202);
    const flooded = await askReset(` ${email.toUpperCase()} `);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toBe(PASSWORD_RESET_RATE_LIMIT);
    expect(await mailsTo(email)).toHaveLength(PASSWORD_RESET_PER_EMAIL);
    // Same for an address without an account: the refusal says nothing about accounts either.
    const nobody = `nobody.${Date.now()}@inconnu.garage.fr`;
    for (let i = 0; i < PASSWORD_RESET_PER_EMAIL; i++) expect((await askReset(nobody)).statusCode).toBe(202);
    expect((await askReset(nobody)).statusCode).toBe(429);
  });

  it('refuses a malformed address in French', async () => {
    const response = await askReset('pas-une-adresse');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Adresse e-mail invalide');
  });
});

describe('the link', () => {
  it('sets the password once, ends every session, half-done sign-in and other pending link, and says so by mail', async () => {
    const email = await cloneUser();
    const sessions = [await login(app, email), await login(app, email)];
    // A sign-in begun with the old password, waiting for its second factor.
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await app.db.insert(loginChallenges).values({
      tokenHash: `half-done-${email}`,
      userId: user?.id ?? 0,
      kind: 'verify',
      expiresAt: new Date(Date.now() + 5 * 60_000),
    });
    await askReset(email);
    const older = await resetTokenOf(email);
    await askReset(email);
    const token = await resetTokenOf(email);
    expect(token).not.toBe(older);

    const info = await readLink(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email, expiresAt: expect.any(String) });
    expect((await setPassword(token, 'Nouveau-2026!')).statusCode).toBe(204);

    for (const cookie of sessions) {
      const after = await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    }
    const [challenge] = await app.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, user?.id ?? 0));
    expect(challenge?.usedAt).not.toBeNull();
    expect((await loginResponse(app, email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await loginResponse(app, email, 'Nouveau-2026!')).statusCode).toBe(200);

    for (const used of [token, older]) {
      const again = await setPassword(used, 'Encore-2026!');
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(PASSWORD_RESET_USED);
      expect((await readLink(used)).statusCode).toBe(410);
    }
    expect((await loginResponse(app, email, 'Encore-2026!')).statusCode).toBe(401);
    const [changed] = await mailsTo(email);
    expect(changed?.subject).toBe(PASSWORD_CHANGED_MAIL_SUBJECT);
  });

  it('expires after 30 minutes', async () => {
    const email = await cloneUser();
    const link = (token: string) => `https://garage.example.fr/reset-password/${token}`;
    await sendPasswordResetLink(app.db, email, link, new Date(Date.now() - 31 * 60_000));
    const expired = await resetTokenOf(email);
    const read = await readLink(expired);
    expect(read.statusCode).toBe(410);
    expect(read.json().message).toBe(PASSWORD_RESET_EXPIRED);
    const post = await setPassword(expired, 'Nouveau-2026!');
    expect(post.statusCode).toBe(410);
    expect(post.json().message).toBe(PASSWORD_RESET_EXPIRED);

    await sendPasswordResetLink(app.db, email, link, new Date(Date.now() - 29 * 60_000));
    const fresh = await resetTokenOf(email);
    expect((await readLink(fresh)).statusCode).toBe(200);
    expect((await setPassword(fresh, 'Nouveau-2026!')).statusCode).toBe(204);
    expect((await loginResponse(app, email, DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a short password and a mismatch in French, and the link still works', async () => {
    const email = await cloneUser();
    await askReset(email);
    const token = await resetTokenOf(email);
    const short = await setPassword(token, 'court');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(CENTRE_MESSAGES.passwordTooShort);
    const mismatch = await setPassword(token, 'Nouveau-2026!', 'Nouveau-2027!');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(CENTRE_MESSAGES.passwordMismatch);
    expect((await readLink(token)).statusCode).toBe(200);
    expect((await loginResponse(app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown link, and the link of an account deactivated since', async () => {
    const unknown = await readLink('inconnu');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PASSWORD_RESET_INVALID);
    expect((await setPassword('inconnu', 'Nouveau-2026!')).statusCode).toBe(404);

    const email = await cloneUser();
    await askReset(email);
    const token = await resetTokenOf(email);
    await app.db.update(users).set({ active: false }).where(eq(users.email, email));
    expect((await readLink(token)).statusCode).toBe(404);
    const post = await setPassword(token, 'Nouveau-2026!');
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe(PASSWORD_RESET_INVALID);
  });
});
