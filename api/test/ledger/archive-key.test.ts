import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archivePublicKeySchema, INTEGRITY_PROBLEM_LABELS, parisToday } from 'contracts';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerAnchorsConfig, loadConfig } from '../../src/config';
import { instanceKeys, ledgerArchives } from '../../src/db/schema';
import { keyFingerprint } from '../../src/modules/ledger/archive-format';
import { ARCHIVE_KEY_NAME } from '../../src/modules/ledger/archive-key';
import { verifyArchive } from '../../src/modules/ledger/archive-verify';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { billing, body } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';

/*
 * The archive-signing key out of the database it protects: a PEM file made at the first start and reused,
 * or an environment secret that wins; the database keeps only the public half; an older database's private key moves
 * to the file; a database naming another key (swapped) is caught by the integrity check.
 */

let app: FastifyInstance;
let workDir: string;
const opened: FastifyInstance[] = [];

const pair = () =>
  generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** A fresh folder for a scenario's key file and journal. */
async function place(): Promise<LedgerAnchorsConfig & { keyFile: string }> {
  const dir = await mkdtemp(join(workDir, 'instance-'));
  return { keyFile: join(dir, 'archive-signing-key.pem'), headsFile: join(dir, 'ledger-heads.jsonl') };
}

/** Another API process on the same database, with its own key settings (closed with the file). */
async function instance(ledgerAnchors: LedgerAnchorsConfig) {
  const other = await createTestApp({ testRoutes: true, config: { ledgerAnchors } });
  opened.push(other);
  return other;
}

const keyRow = async () => {
  const [row] = await app.db.select().from(instanceKeys).where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));
  return row;
};
/** The database as a first start finds it: no key at all. */
const forgetKey = () => app.db.delete(instanceKeys).where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  workDir = await mkdtemp(join(tmpdir(), 'archive-key-'));
});
afterAll(async () => {
  for (const other of opened) await other.close();
  await app.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('where the key lives', () => {
  it('is a file beside the data by default, the journal beside it; memory for the tests’ memory:// data', () => {
    const env = { SESSION_SECRET: 'x'.repeat(64), DATA_DIR: '/srv/garage/data/pglite' };
    expect(loadConfig(env).ledgerAnchors).toEqual({
      keyPem: undefined,
      keyFile: '/srv/garage/data/archive-signing-key.pem',
      headsFile: '/srv/garage/data/ledger-heads.jsonl',
    });
    expect(
      loadConfig({ ...env, ARCHIVE_KEY_FILE: '/secrets/cle.pem', ARCHIVE_SIGNING_KEY: 'PEM' }).ledgerAnchors,
    ).toEqual({ keyPem: 'PEM', keyFile: '/secrets/cle.pem', headsFile: '/secrets/ledger-heads.jsonl' });
    expect(loadConfig({ ...env, LEDGER_HEADS_FILE: '/journal/tetes.jsonl' }).ledgerAnchors?.headsFile).toBe(
      '/journal/tetes.jsonl',
    );
    expect(loadConfig({ ...env, DATA_DIR: 'memory://' }).ledgerAnchors).toEqual({
      keyPem: undefined,
      keyFile: undefined,
      headsFile: undefined,
    });
  });

  it('is made at the first start as a 0600 PEM file, reused by the next start; the database keeps the public half', async () => {
    await forgetKey();
    const files = await place();
    const first = await (await instance(files)).ledgerAnchors.open();
    expect(first).toMatchObject({ from: 'file', moved: false, warnings: [] });
    expect(statSync(files.keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(files.keyFile, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(await keyRow()).toMatchObject({ publicKey: first.key.publicKey, privateKey: null });

    const next = await instance(files);
    expect((await next.ledgerAnchors.open()).key.fingerprint).toBe(first.key.fingerprint);
    const garage = await ownTestGarage(next);
    const shown = archivePublicKeySchema.parse(
      (
        await next.inject({ method: 'GET', url: '/api/integrity/public-key', headers: { cookie: garage.cookie } })
      ).json(),
    );
    expect(shown.fingerprint).toBe(first.key.fingerprint);
  });

  it('comes from ARCHIVE_SIGNING_KEY before any file, a PEM on one line with \\n written out too; it signs', async () => {
    await forgetKey();
    const files = await place();
    await writeFile(files.keyFile, pair().privateKey, { mode: 0o600 });
    const secret = pair();
    const fromEnv = await instance({ ...files, keyPem: secret.privateKey.replace(/\n/g, '\\n') });
    const key = await fromEnv.ledgerAnchors.open();
    expect(key).toMatchObject({ from: 'environment', moved: false });
    expect(key.key.fingerprint).toBe(keyFingerprint(secret.publicKey));
    expect((await keyRow())?.publicKey).toBe(key.key.publicKey);

    const garage = await ownTestGarage(fromEnv);
    const api = billing(fromEnv, garage.cookie);
    await api.issue(await api.create('invoice', body()));
    const made = await fromEnv.inject({
      method: 'POST',
      url: `/api/integrity/${garage.companyId}/archives`,
      headers: { cookie: garage.cookie },
      payload: { from: parisToday(), to: parisToday() },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [archive] = await app.db
      .select({ content: ledgerArchives.content })
      .from(ledgerArchives)
      .where(eq(ledgerArchives.id, made.json().id));
    expect(verifyArchive(archive?.content ?? new Uint8Array(), { publicKeyPem: secret.publicKey }).problems).toEqual(
      [],
    );
    expect((await verifyChain(app.db, garage.companyId, fromEnv.ledgerAnchors)).problems).toEqual([]);
  });

  it('refuses a key that is not Ed25519, in French', async () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const wrong = await instance({ keyPem: rsa.privateKey });
    await expect(wrong.ledgerAnchors.open()).rejects.toThrow(/doit être Ed25519/);
    await expect((await instance({ keyPem: 'pas une clé' })).ledgerAnchors.open()).rejects.toThrow(
      /ARCHIVE_SIGNING_KEY : ce n’est pas une clé privée au format PEM/,
    );
  });
});

describe('an instance older than the key file', () => {
  it('moves the private key its database holds to the file at start, then the database holds none', async () => {
    await forgetKey();
    const legacy = pair();
    await app.db
      .insert(instanceKeys)
      .values({ name: ARCHIVE_KEY_NAME, publicKey: legacy.publicKey, privateKey: legacy.privateKey });
    const files = await place();
    const upgraded = await (await instance(files)).ledgerAnchors.open();
    expect(upgraded).toMatchObject({ from: 'file', moved: true, warnings: [] });
    expect(upgraded.key.fingerprint).toBe(keyFingerprint(legacy.publicKey));
    expect(keyFingerprint(readFileSync(files.keyFile, 'utf8'))).toBe(keyFingerprint(legacy.publicKey));
    expect(statSync(files.keyFile).mode & 0o777).toBe(0o600);
    expect(await app.db.select().from(instanceKeys).where(isNotNull(instanceKeys.privateKey))).toEqual([]);
    // The next start reads the file; the database still names the same public key.
    expect(await (await instance(files)).ledgerAnchors.open()).toMatchObject({ moved: false, warnings: [] });
    expect((await keyRow())?.publicKey).toBe(legacy.publicKey);
  });

  it('does not start with two different keys, nor with the database naming a key that no file holds', async () => {
    await forgetKey();
    const legacy = pair();
    await app.db
      .insert(instanceKeys)
      .values({ name: ARCHIVE_KEY_NAME, publicKey: legacy.publicKey, privateKey: legacy.privateKey });
    const files = await place();
    await writeFile(files.keyFile, pair().privateKey, { mode: 0o600 });
    await expect((await instance(files)).ledgerAnchors.open()).rejects.toThrow(/^Deux clés de signature des archives/);
    // Nothing forgotten: the database still holds the key an operator may want to keep.
    expect((await keyRow())?.privateKey).toBe(legacy.privateKey);

    await app.db.update(instanceKeys).set({ privateKey: null }).where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));
    const lost = await place();
    await expect((await instance(lost)).ledgerAnchors.open()).rejects.toThrow(
      /^Clé de signature des archives introuvable : la base nomme la clé d’empreinte/,
    );
    expect(existsSync(lost.keyFile)).toBe(false);
  });
});

describe('a database whose key was swapped', () => {
  it('is named by the integrity check; the page keeps showing the key of the file', async () => {
    await forgetKey();
    const files = await place();
    const server = await instance(files);
    const key = await server.ledgerAnchors.open();
    const garage = await ownTestGarage(server);
    const api = billing(server, garage.cookie);
    await api.issue(await api.create('invoice', body()));
    const check = () =>
      server.inject({ method: 'GET', url: `/api/integrity/${garage.companyId}`, headers: { cookie: garage.cookie } });
    expect((await check()).json().problems).toEqual([]);

    const intruder = pair();
    await app.db
      .update(instanceKeys)
      .set({ publicKey: intruder.publicKey })
      .where(eq(instanceKeys.name, ARCHIVE_KEY_NAME));
    const report = (await check()).json();
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({
        problem: 'signing-key',
        differences: [
          `la base nomme la clé ${keyFingerprint(intruder.publicKey)}`,
          `la clé de l’instance (fichier ou ARCHIVE_SIGNING_KEY) est ${key.key.fingerprint}`,
        ],
      }),
    ]);
    expect(INTEGRITY_PROBLEM_LABELS['signing-key']).toBe('Clé de signature différente de celle de l’instance');
    const shown = await server.inject({
      method: 'GET',
      url: '/api/integrity/public-key',
      headers: { cookie: garage.cookie },
    });
    expect(shown.json().fingerprint).toBe(key.key.fingerprint);
  });

  it('names each stored archive its key did not sign', async () => {
    await forgetKey();
    const signer = await instance(await place());
    const garage = await ownTestGarage(signer);
    const api = billing(signer, garage.cookie);
    await api.issue(await api.create('invoice', body()));
    const made = await signer.inject({
      method: 'POST',
      url: `/api/integrity/${garage.companyId}/archives`,
      headers: { cookie: garage.cookie },
      payload: { from: parisToday(), to: parisToday() },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await verifyChain(app.db, garage.companyId, signer.ledgerAnchors)).problems).toEqual([]);

    // The same database checked with another instance's key (a key swapped, archives signed by someone else).
    await forgetKey();
    const other = await instance(await place());
    const problems = (await verifyChain(app.db, garage.companyId, other.ledgerAnchors)).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        problem: 'signing-key',
        kind: 'archive',
        reference: made.json().fileName,
        differences: ['manifest.json non signé par la clé de l’instance'],
      }),
    ]);
  });
});
