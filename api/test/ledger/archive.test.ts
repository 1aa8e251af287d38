import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARCHIVE_PERIOD_IN_FUTURE,
  archiveListSchema,
  archivePublicKeySchema,
  archiveSchema,
  parisToday,
} from 'contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../src/api-root';
import { ledgerArchives, ledgerEvents, ledgerLinks } from '../../src/db/schema';
import { archiveEndedYears } from '../../src/modules/archives/archive';
import { type ArchiveManifest, keyFingerprint, packZip, sha256 } from '../../src/modules/ledger/archive-format';
import { verifyArchive } from '../../src/modules/ledger/archive-verify';
import { closePeriod } from '../../src/modules/ledger/closings';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { runVerifyArchive } from '../../src/modules/ledger/verify-archive-command';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { companyId } from '../notifications/fixtures';

/*
 * Signed archives: a garage's archive of a period holds its PDFs as issued, its records, closings, event
 * log and chain under a manifest signed with the instance's Ed25519 key; it verifies from its bytes alone, and no
 * longer once one byte of it changed. It is a link of the chain and an event of the log; nothing deletes it.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let made: { row: ReturnType<typeof archiveSchema.parse>; zip: Uint8Array; numbers: string[] };
let workDir: string;

const today = parisToday();
const url = (companyId: number, rest = '') => `/api/integrity/${companyId}/archives${rest}`;

/** An archive of today made through the API, and its zip downloaded. */
async function archiveToday(own: { companyId: number; cookie: string }) {
  const created = await app.inject({
    method: 'POST',
    url: url(own.companyId),
    headers: { cookie: own.cookie },
    payload: { from: today, to: today },
  });
  expect(created.statusCode, created.body).toBe(201);
  const row = archiveSchema.parse(created.json());
  const file = await app.inject({
    method: 'GET',
    url: url(own.companyId, `/${row.id}/file`),
    headers: { cookie: own.cookie },
  });
  expect(file.statusCode).toBe(200);
  return { row, zip: new Uint8Array(file.rawPayload), headers: file.headers };
}

const entriesOf = (zip: Uint8Array) => unzipSync(zip);
const manifestOf = (zip: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(entriesOf(zip)['manifest.json'])) as ArchiveManifest;
/** The same files zipped again as the writer does, with `change` applied: what a careful forger would hand over. */
function rezipped(zip: Uint8Array, change: (entries: Record<string, Uint8Array>) => void) {
  const entries = entriesOf(zip);
  change(entries);
  return packZip(Object.entries(entries), manifestOf(zip).zip.time);
}
const text = (value: string) => new TextEncoder().encode(value);

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  workDir = await mkdtemp(join(tmpdir(), 'archives-'));
  // A period with two invoices, a credit note, payments and a cancellation.
  const api = billing(app, garage.cookie);
  const first = await api.issue(await api.create('invoice', body({ lines: [line({ preTaxAmount: '300,00' })] })));
  const second = await api.issue(await api.create('invoice', body()));
  const pay = async (amount: string, type: string) => {
    const paid = await api.call('POST', '/api/paiement', { invoiceId: first.id, amount, type });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().id as number;
  };
  await pay('100,00', 'cash');
  const card = await pay('50,00', 'card');
  const cancel = await api.call('POST', `/api/paiement/${card}/cancel`, { reason: 'Erreur de saisie' });
  expect(cancel.statusCode, cancel.body).toBe(201);
  const creditId = (await api.call('POST', `/api/quotation/${second.id}/credit-note`, { reason: 'Geste' })).json()
    .id as number;
  const credit = await api.issue(creditId);
  const archived = await archiveToday(garage);
  made = { ...archived, numbers: [first.number, second.number, credit.number].map(String) };
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await app.close();
});

describe('a signed archive of a period', () => {
  it('holds each PDF as issued, the records, the event log and the chain; it verifies', async () => {
    const check = verifyArchive(made.zip);
    expect(check.problems).toEqual([]);
    expect(check.valid).toBe(true);
    const entries = entriesOf(made.zip);
    expect(Object.keys(entries).sort()).toEqual(
      [
        'LISEZMOI.txt',
        'chain.json',
        'closings.json',
        'events.json',
        'manifest.json',
        'manifest.sig',
        'public-key.pem',
        'records/documents.json',
        'records/payments.json',
        ...made.numbers.map((number) => `pdf/${number}.pdf`),
        ...made.numbers.map((number) => `einvoice/${number}.xml`),
      ].sort(),
    );
    for (const number of made.numbers) {
      expect(new TextDecoder().decode(entries[`pdf/${number}.pdf`]?.subarray(0, 5))).toBe('%PDF-');
      // Each Factur-X's e-invoice, kept beside it for the retention period.
      expect(new TextDecoder().decode(entries[`einvoice/${number}.xml`])).toContain(`<ram:ID>${number}</ram:ID>`);
    }
    const manifest = manifestOf(made.zip);
    expect(manifest).toMatchObject({
      archive: { id: made.row.id, kind: 'period', periodStart: today, periodEnd: today },
      garage: { id: garage.companyId },
      counts: { invoices: 2, creditNotes: 1, payments: 3, pdfs: 3 },
      chain: { throughSeq: made.row.throughSeq },
    });
    expect(manifest.files.map((file) => file.path)).not.toContain('manifest.json');
    const payments = JSON.parse(new TextDecoder().decode(entries['records/payments.json'])) as {
      record: { amount: number };
    }[];
    expect(payments.map((payment) => payment.record.amount)).toEqual([10_000, 5_000, -5_000]);
    // The row's digest is the file's; the key inside is the instance's, shown by the API.
    const key = archivePublicKeySchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/integrity/public-key', headers: { cookie: garage.cookie } })
      ).json(),
    );
    expect(new TextDecoder().decode(entries['public-key.pem'])).toBe(key.publicKey);
    expect(check.fingerprint).toBe(key.fingerprint);
    expect(verifyArchive(made.zip, { publicKeyPem: key.publicKey }).valid).toBe(true);
    expect(made.row).toMatchObject({ bytes: made.zip.length, kind: 'period', createdBy: expect.any(String) });
  });

  it('is downloaded as a zip attachment, byte for byte as listed; the download is an export of the log', async () => {
    const { headers, zip, row } = await archiveToday(garage);
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['content-disposition']).toContain(`attachment; filename="${row.fileName}"`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const list = archiveListSchema.parse(
      (await app.inject({ method: 'GET', url: url(garage.companyId), headers: { cookie: garage.cookie } })).json(),
    );
    expect(list[0]).toEqual(row);
    expect(list.map((archive) => archive.id)).toContain(made.row.id);
    const [last] = await app.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.companyId, garage.companyId))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1);
    expect(last).toMatchObject({
      kind: 'export',
      details: { export: 'archive', archiveId: row.id, bytes: zip.length, sha256: row.sha256 },
    });
  });

  it('fails once any one byte of the zip changed: headers, names, compressed data, its padding bits', () => {
    const zip = made.zip;
    const positions = new Set<number>();
    for (let index = 0; index < 120; index += 1) positions.add(index);
    for (let index = Math.max(0, zip.length - 400); index < zip.length; index += 1) positions.add(index);
    for (let step = 1; step < 40; step += 1) positions.add(Math.floor((zip.length * step) / 40));
    // The last byte of each entry's data (just before the next local header): deflate's padding bits live there.
    for (let index = 1; index < zip.length - 3; index += 1) {
      if (zip[index] === 0x50 && zip[index + 1] === 0x4b && zip[index + 2] === 0x03 && zip[index + 3] === 0x04) {
        positions.add(index - 1);
      }
    }
    const passed: number[] = [];
    for (const position of positions) {
      for (const bit of [0x01, 0x80]) {
        const changed = Uint8Array.from(zip);
        changed[position] = (changed[position] ?? 0) ^ bit;
        const check = verifyArchive(changed);
        if (check.valid || check.problems.length === 0) passed.push(position);
      }
    }
    expect(passed).toEqual([]);
  });

  it('names the file whose content changed, once re-zipped as the writer does', () => {
    const pdf = `pdf/${made.numbers[0]}.pdf`;
    const altered = rezipped(made.zip, (entries) => {
      const bytes = Uint8Array.from(entries[pdf] ?? []);
      bytes[200] = (bytes[200] ?? 0) ^ 0x01;
      entries[pdf] = bytes;
    });
    expect(verifyArchive(altered).problems).toEqual([expect.stringMatching(new RegExp(`^Fichier modifié : ${pdf} `))]);

    const payments = rezipped(made.zip, (entries) => {
      const json = new TextDecoder().decode(entries['records/payments.json']).replace('"amount": 10000', '"amount": 1');
      entries['records/payments.json'] = text(json);
    });
    const problems = verifyArchive(payments).problems;
    expect(problems[0]).toMatch(/^Fichier modifié : records\/payments\.json /);
    expect(problems).toContainEqual(
      expect.stringMatching(/records\/payments\.json : .* diffère de ce que la chaîne a enregistré/),
    );
  });

  it('refuses a manifest changed to hide a change, a file missing or added, and another signer', () => {
    const forged = rezipped(made.zip, (entries) => {
      entries['records/payments.json'] = text('[]\n');
      const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as ArchiveManifest;
      const file = manifest.files.find((each) => each.path === 'records/payments.json');
      if (file) Object.assign(file, { bytes: 3, sha256: sha256(text('[]\n')) });
      entries['manifest.json'] = text(JSON.stringify(manifest, null, 2));
    });
    expect(verifyArchive(forged).problems).toContainEqual(expect.stringMatching(/^Signature invalide/));

    const shapeless = verifyArchive(
      rezipped(made.zip, (entries) => {
        entries['manifest.json'] = text('{"files": []}');
      }),
    );
    expect(shapeless.problems).toContainEqual(
      expect.stringMatching(/^Fichier illisible : manifest\.json n’a pas la forme attendue/),
    );
    expect(shapeless.problems).toContainEqual(expect.stringMatching(/^Signature invalide/));

    const missing = rezipped(made.zip, (entries) => {
      delete entries['events.json'];
    });
    expect(verifyArchive(missing).problems).toEqual(['Fichier manquant : events.json']);
    const extra = rezipped(made.zip, (entries) => {
      entries['pdf/F-FAUX.pdf'] = text('%PDF-1.7');
    });
    expect(verifyArchive(extra).problems).toEqual(['Fichier en trop : pdf/F-FAUX.pdf']);

    // Signed again with a key of one's own: valid for that key, refused for the instance's.
    const other = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const instanceKey = new TextDecoder().decode(entriesOf(made.zip)['public-key.pem']);
    const resigned = rezipped(made.zip, (entries) => {
      entries['public-key.pem'] = text(other.publicKey);
      const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as ArchiveManifest;
      for (const file of manifest.files) {
        const bytes = entries[file.path] ?? new Uint8Array();
        Object.assign(file, { bytes: bytes.length, sha256: sha256(bytes) });
      }
      const bytes = text(JSON.stringify(manifest));
      entries['manifest.json'] = bytes;
      entries['manifest.sig'] = text(sign(null, bytes, other.privateKey).toString('base64'));
    });
    expect(verifyArchive(resigned).fingerprint).toBe(keyFingerprint(other.publicKey));
    expect(verifyArchive(resigned, { publicKeyPem: instanceKey }).problems).toContainEqual(
      expect.stringMatching(/^La clé publique jointe à l’archive n’est pas celle attendue/),
    );
  });

  it('recomputes the chain inside: a link altered in chain.json is named even when its digest is updated', () => {
    const altered = rezipped(made.zip, (entries) => {
      const chain = JSON.parse(new TextDecoder().decode(entries['chain.json'])) as { canonical: string }[];
      const [first] = chain;
      if (first) first.canonical = first.canonical.replace('"seq":1', '"seq":1,"x":1');
      entries['chain.json'] = text(JSON.stringify(chain));
    });
    expect(verifyArchive(altered).problems).toContainEqual(
      'Chaîne : le maillon 1 est altéré (son empreinte ne correspond plus à son contenu)',
    );
  });
});

describe('the archive in the chain and the log', () => {
  it('is the link right after the head it holds; the integrity check re-reads it and stays valid', async () => {
    const own = await ownTestGarage(app);
    const api = billing(app, own.cookie);
    await api.issue(await api.create('invoice', body()));
    const { row, zip } = await archiveToday(own);
    await api.issue(await api.create('invoice', body()));
    const links = await app.db
      .select()
      .from(ledgerLinks)
      .where(eq(ledgerLinks.companyId, own.companyId))
      .orderBy(asc(ledgerLinks.seq));
    expect(links.map((link) => link.kind)).toEqual(['invoice', 'archive', 'invoice']);
    const link = links[1];
    expect(link).toMatchObject({ seq: row.throughSeq + 1, recordId: row.id, reference: row.fileName });
    expect(link?.previousHash).toBe(manifestOf(zip).chain.headHash);
    expect(JSON.parse(link?.canonical ?? '{}').record).toMatchObject({
      sha256: row.sha256,
      manifestSha256: row.manifestSha256,
    });
    expect((await verifyChain(app.db, own.companyId)).problems).toEqual([]);

    const [logged] = await app.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.companyId, own.companyId), eq(ledgerEvents.kind, 'archive')));
    expect(logged).toMatchObject({
      details: { archiveId: row.id, fileName: row.fileName, sha256: row.sha256, throughSeq: row.throughSeq },
    });
    expect(logged?.userId).not.toBeNull();
  });

  it('archives each ended fiscal year once, after its yearly closing', async () => {
    const own = await ownTestGarage(app);
    const now = new Date();
    const year = Number(today.slice(0, 4)) - 1;
    await app.db.transaction((tx) => closePeriod(tx, own.companyId, 'year', `${year}-01-01`, `${year}-12-31`, now));
    const first = (await archiveEndedYears(app.db, app.ledgerAnchors, now)).filter(
      (archive) => archive.companyId === own.companyId,
    );
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'year',
        periodStart: `${year}-01-01`,
        periodEnd: `${year}-12-31`,
        createdBy: null,
      }),
    ]);
    expect(
      (await archiveEndedYears(app.db, app.ledgerAnchors, now)).filter(
        (archive) => archive.companyId === own.companyId,
      ),
    ).toEqual([]);
    const [kept] = await app.db
      .select()
      .from(ledgerArchives)
      .where(eq(ledgerArchives.id, first[0]?.id ?? 0));
    const check = verifyArchive(kept?.content ?? new Uint8Array());
    expect(check.problems).toEqual([]);
    expect(JSON.parse(new TextDecoder().decode(entriesOf(kept?.content ?? new Uint8Array())['closings.json']))).toEqual(
      [expect.objectContaining({ record: expect.objectContaining({ kind: 'year', periodStart: `${year}-01-01` }) })],
    );
  });

  it('refuses UPDATE and DELETE of an archive in the database itself', async () => {
    const byId = eq(ledgerArchives.id, made.row.id);
    await expect(app.db.update(ledgerArchives).set({ fileName: 'x.zip' }).where(byId)).rejects.toThrow();
    await expect(app.db.delete(ledgerArchives).where(byId)).rejects.toThrow();
    const [kept] = await app.db.select({ sha256: ledgerArchives.sha256 }).from(ledgerArchives).where(byId);
    expect(kept?.sha256).toBe(made.row.sha256);
  });
});

describe('who may list, make and download archives', () => {
  it('a garage’s keepers only: another garage’s user and a fitter get 403, nobody signed in 401', async () => {
    const other = await ownTestGarage(app);
    const fitter = await login(app, 'poseur@demo.garage.fr');
    const lyon = await companyId(app, 'lyon');
    const calls = (companyId: number) => [
      { method: 'GET' as const, url: url(companyId) },
      { method: 'POST' as const, url: url(companyId), payload: { from: today, to: today } },
      { method: 'GET' as const, url: url(companyId, `/${made.row.id}/file`) },
    ];
    for (const call of calls(garage.companyId)) {
      expect((await app.inject({ ...call, headers: { cookie: other.cookie } })).statusCode, call.url).toBe(403);
      expect((await app.inject(call)).statusCode, call.url).toBe(401);
    }
    for (const call of calls(lyon)) {
      expect((await app.inject({ ...call, headers: { cookie: fitter } })).statusCode, call.url).toBe(403);
    }
    const key = await app.inject({ method: 'GET', url: '/api/integrity/public-key', headers: { cookie: fitter } });
    expect(key.statusCode).toBe(403);
    // An archive id of another garage is not found through one's own garage.
    const foreign = await app.inject({
      method: 'GET',
      url: url(other.companyId, `/${made.row.id}/file`),
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: url(garage.companyId, `/${made.row.id}`),
          headers: { cookie: garage.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a period that is not one, in French', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: url(garage.companyId), headers: { cookie: garage.cookie }, payload });
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    for (const [payload, message] of [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'Date invalide : choisissez un jour (AAAA-MM-JJ)'],
      [{ from: '2025-03-01', to: '2025-02-01' }, 'La date « Au » ne peut pas précéder la date « Du »'],
      [{ from: '2024-01-01', to: '2025-06-30' }, 'La période archivée ne peut pas dépasser 366 jours'],
      [{ from: today, to: tomorrow.toISOString().slice(0, 10) }, ARCHIVE_PERIOD_IN_FUTURE],
    ] as const) {
      const refused = await post(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
  });
});

describe('pnpm verify-archive FILE', () => {
  it('prints « Archive valide » and answers 0; names each problem and answers 1 after a byte changed', async () => {
    const file = join(workDir, made.row.fileName);
    await writeFile(file, made.zip);
    const lines: string[] = [];
    expect(await runVerifyArchive([made.row.fileName], workDir, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe('Archive valide');
    expect(lines.join('\n')).toContain(made.row.sha256);

    const broken = join(workDir, 'modifiee.zip');
    const changed = Uint8Array.from(made.zip);
    changed[100] = (changed[100] ?? 0) ^ 0x01;
    await writeFile(broken, changed);
    const problems: string[] = [];
    expect(await runVerifyArchive([broken], workDir, (line) => problems.push(line))).toBe(1);
    expect(problems.at(-1)).toMatch(/^Archive NON valide : \d+ problème\(s\)$/);
    expect(await runVerifyArchive([], workDir, () => {})).toBe(2);
  });

  it('runs as a command: exit code 0 on the archive, 1 once changed', async () => {
    const run = (file: string) =>
      new Promise<{ code: number | null; out: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-archive.ts', file], {
          cwd: API_ROOT,
          env: { ...process.env, INIT_CWD: workDir },
        });
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out }));
      });
    await writeFile(join(workDir, 'archive.zip'), made.zip);
    const changed = Uint8Array.from(made.zip);
    changed[made.zip.length - 30] = (changed[made.zip.length - 30] ?? 0) ^ 0x01;
    await writeFile(join(workDir, 'archive-modifiee.zip'), changed);
    const valid = await run('archive.zip');
    expect(valid).toMatchObject({ code: 0 });
    expect(valid.out).toContain('Archive valide');
    const broken = await run('archive-modifiee.zip');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('Archive NON valide');
  });
});
