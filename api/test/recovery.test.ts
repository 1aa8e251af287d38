import {
  folderShowResponseSchema,
  RECOVERY_ALREADY_OPEN,
  RECOVERY_COLUMNS,
  RECOVERY_COMMENT_REQUIRED,
  RECOVERY_COMMENT_TOO_LONG,
  RECOVERY_INVOICE_NOT_FOUND,
  RECOVERY_NOT_FOUND,
  RECOVERY_NOT_ISSUED,
  RECOVERY_NOT_OVERDUE,
  RECOVERY_NOTHING_DUE,
  RECOVERY_SAME_STAGE,
  RECOVERY_TAB_COLUMN,
  RECOVERY_TABS,
  type RecoveryRow,
  type RecoveryTab,
  recoveryEventListSchema,
  recoveryEventSchema,
  recoveryListResponseSchema,
  recoveryOpenedSchema,
  UNITS_INSUFFICIENT,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDocuments,
  folderHistory,
  notifications,
  recoveries,
  recoveryEvents,
  unitLedger,
  users,
} from '../src/db/schema';
import { billing, body } from './billing/fixtures';
import { createTestApp, login, unitBalance } from './helpers';

/*
 * Recoveries through the real API. Each test works in garages of its own (test-only route), so the counts per tab
 * are exactly what the test made, whatever the demo seed or the other tests hold.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(async () => {
  await app.close();
});

interface Garage {
  email: string;
  companyId: number;
  cookie: string;
  userId: number;
}

/** A new garage with `jeton` units and a user alone in it, with the roles of `email`'s first garage. */
async function garage(jeton: number, email = 'poseur.admin@demo.garage.fr'): Promise<Garage> {
  const created = await app.inject({ method: 'POST', url: '/api/test/garage', payload: { email, jeton } });
  expect(created.statusCode).toBe(201);
  const { email: own, companyId } = created.json() as { email: string; companyId: number };
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, own));
  return { email: own, companyId, cookie: await login(app, own), userId: user?.id ?? 0 };
}

async function folderOf(owner: Garage): Promise<{ id: number; plate: string; number: string }> {
  const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: owner.email } });
  expect(created.statusCode).toBe(201);
  return created.json();
}

interface InvoiceOptions {
  folderId?: number | null;
  customer?: string;
  billTo?: 'customer' | 'insurer';
  euros?: string;
  /** Days past its due date; null leaves the due date of the issue (30 days ahead). */
  daysLate?: number | null;
}

/**
 * An invoice created and issued through the API, overdue by `daysLate` days: an issued due date is frozen (migration
 * 0026), so the draft's payment term is set back in SQL first and the issue computes a past due date.
 */
async function invoice(owner: Garage, options: InvoiceOptions = {}) {
  const api = billing(app, owner.cookie);
  const id = await api.create(
    'invoice',
    body({
      folderId: options.folderId ?? null,
      billTo: options.billTo ?? 'customer',
      customer: { name: options.customer ?? 'Client Essai' },
      lines: [{ title: 'Pare-brise', quantity: 1, preTaxAmount: options.euros ?? '100,00', position: 1 }],
    }),
  );
  const daysLate = options.daysLate === undefined ? 10 : options.daysLate;
  if (daysLate !== null) {
    await app.db.update(billingDocuments).set({ paymentTermDays: -daysLate }).where(eq(billingDocuments.id, id));
  }
  // An insurer invoice rests on a signed cession; these tests are about recovery, so they give the reason instead.
  const issued = await api.issue(id, options.billTo === 'insurer' ? 'Cession sur papier, non numérisée' : undefined);
  return { id, number: issued.number ?? '', total: issued.totalAmount };
}

const call = (owner: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
const open = (owner: { cookie: string }, documentId: number) => call(owner, 'POST', `/api/recovery/open/${documentId}`);
const stage = (owner: { cookie: string }, id: number, to: string) =>
  call(owner, 'POST', `/api/recovery/${id}/stage`, { stage: to });
const comment = (owner: { cookie: string }, id: number, content: string) =>
  call(owner, 'POST', `/api/recovery/${id}/comment`, { content });
const events = async (owner: { cookie: string }, id: number) => {
  const answer = await call(owner, 'GET', `/api/recovery/${id}/events`);
  expect(answer.statusCode).toBe(200);
  return recoveryEventListSchema.parse(answer.json()).data;
};

/** The list as ServerTable asks for it: a tab (or none), a search, a sort. */
async function list(
  owner: { cookie: string },
  query: { tab?: RecoveryTab; search?: string; sortField?: number; sortDir?: 'asc' | 'desc' } = {},
) {
  const params = new URLSearchParams({
    pageSize: '100',
    columnsMap: JSON.stringify(RECOVERY_COLUMNS),
    filters: JSON.stringify(query.tab ? { [RECOVERY_TAB_COLUMN]: query.tab } : {}),
  });
  if (query.search) params.set('search', query.search);
  if (query.sortField !== undefined) params.set('sortField', String(query.sortField));
  if (query.sortDir) params.set('sortDir', query.sortDir);
  const answer = await call(owner, 'GET', `/api/recovery/list/all?${params}`);
  expect(answer.statusCode).toBe(200);
  return recoveryListResponseSchema.parse(answer.json());
}

const balance = (companyId: number) => unitBalance(app, companyId);
const ledger = (companyId: number) => app.db.select().from(unitLedger).where(eq(unitLedger.companyId, companyId));
const recoveryOf = async (documentId: number) =>
  (await app.db.select().from(recoveries).where(eq(recoveries.documentId, documentId)))[0];
const eventCount = async (recoveryId: number) =>
  (await app.db.select().from(recoveryEvents).where(eq(recoveryEvents.recoveryId, recoveryId))).length;
const recoveryHistory = (folderId: number) =>
  app.db
    .select()
    .from(folderHistory)
    .where(and(eq(folderHistory.folderId, folderId), eq(folderHistory.field, 'recovery')));

async function opened(owner: Garage, documentId: number) {
  const answer = await open(owner, documentId);
  expect(answer.statusCode, answer.body).toBe(201);
  return recoveryOpenedSchema.parse(answer.json());
}

describe('putting an invoice under recovery', () => {
  it('an overdue invoice shows "à relancer"; opening it costs one unit (ledger recouvrement), an event, a history row', async () => {
    const owner = await garage(3);
    const folder = await folderOf(owner);
    const due = await invoice(owner, { folderId: folder.id, customer: 'Camille Recouvrement', daysLate: 12 });

    const before = await list(owner, { tab: 'a_relancer' });
    expect(before.data).toHaveLength(1);
    expect(before.data[0]).toMatchObject({
      recoveryId: null,
      documentId: due.id,
      documentNumber: due.number,
      folderId: folder.id,
      folderNumber: folder.number,
      plate: folder.plate,
      debtorKind: 'client',
      debtorName: 'Camille Recouvrement',
      amountDue: 12_000,
      daysOverdue: 12,
      stage: null,
      tab: 'a_relancer',
      lastEventAt: null,
    });

    const recovery = await opened(owner, due.id);
    expect(recovery).toMatchObject({ documentId: due.id, stage: 'amiable', jeton: 2 });
    expect(await balance(owner.companyId)).toBe(2);
    const rows = await ledger(owner.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      units: -1,
      kind: 'recouvrement',
      folderId: folder.id,
      balanceAfter: 2,
      reference: `Recouvrement ${due.number}`,
      userId: owner.userId,
    });

    const steps = await events(owner, recovery.id);
    expect(steps).toEqual([
      expect.objectContaining({ kind: 'stage', fromStage: null, toStage: 'amiable', content: null }),
    ]);
    expect(steps[0]?.user).not.toBe('Système');
    const show = folderShowResponseSchema.parse((await call(owner, 'GET', `/api/folder/show/${folder.id}`)).json());
    const entry = show.history.find((item) => item.content?.includes(due.number));
    expect(entry).toMatchObject({ kind: 'relance' });
    expect(entry?.content).toContain('mise en recouvrement : Relance amiable');

    const after = await list(owner, { tab: 'amiable' });
    expect(after.data.map((row) => row.recoveryId)).toEqual([recovery.id]);
    expect(after.data[0]?.lastEventKind).toBe('stage');
    expect(after.statusCounts).toMatchObject({ a_relancer: 0, amiable: 1, all: 1 });

    // Twice: 409, nothing more consumed.
    const again = await open(owner, due.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECOVERY_ALREADY_OPEN);
    expect(await balance(owner.companyId)).toBe(2);
    expect(await ledger(owner.companyId)).toHaveLength(1);
  });

  it('refuses an invoice not yet due, paid, a draft, a quote and another garage’s, changing nothing', async () => {
    const owner = await garage(5);
    const other = await garage(5);
    const notDue = await invoice(owner, { daysLate: null });
    const dueToday = await invoice(owner, { daysLate: 0 });
    const paid = await invoice(owner, { daysLate: 20 });
    expect(
      (await call(owner, 'POST', '/api/paiement', { invoiceId: paid.id, amount: 120, type: 'card' })).statusCode,
    ).toBe(201);
    const draft = await billing(app, owner.cookie).create('invoice');
    const quote = await billing(app, owner.cookie).create('quotation');
    const foreign = await invoice(other, { daysLate: 30 });

    for (const [id, status, message] of [
      [notDue.id, 400, RECOVERY_NOT_OVERDUE],
      [dueToday.id, 400, RECOVERY_NOT_OVERDUE],
      [paid.id, 400, RECOVERY_NOTHING_DUE],
      [draft, 400, RECOVERY_NOT_ISSUED],
      [quote, 404, RECOVERY_INVOICE_NOT_FOUND],
      [foreign.id, 404, RECOVERY_INVOICE_NOT_FOUND],
      [999_999_999, 404, RECOVERY_INVOICE_NOT_FOUND],
    ] as const) {
      const answer = await open(owner, id);
      expect(answer.statusCode, `${id}`).toBe(status);
      expect(answer.json().message).toBe(message);
      expect(await recoveryOf(id)).toBeUndefined();
    }
    expect((await open(owner, 0)).statusCode).toBe(400);
    expect(await balance(owner.companyId)).toBe(5);
    expect(await ledger(owner.companyId)).toHaveLength(0);
    // Neither the invoice not yet due nor the paid one shows.
    expect((await list(owner)).data).toEqual([]);
  });

  it('no unit left: 401 with redirect /checkout and nothing written', async () => {
    const owner = await garage(0);
    const folder = await folderOf(owner);
    const due = await invoice(owner, { folderId: folder.id });
    const answer = await open(owner, due.id);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: UNITS_INSUFFICIENT, redirect: '/checkout' });
    expect(await recoveryOf(due.id)).toBeUndefined();
    expect(
      await app.db
        .select()
        .from(recoveryEvents)
        .innerJoin(recoveries, eq(recoveries.id, recoveryEvents.recoveryId))
        .where(eq(recoveries.companyId, owner.companyId)),
    ).toEqual([]);
    expect(await recoveryHistory(folder.id)).toEqual([]);
    expect(await balance(owner.companyId)).toBe(0);
    expect(await ledger(owner.companyId)).toHaveLength(0);
    // Still "à relancer", and the session is untouched (the 401 is not a lost session).
    expect((await list(owner, { tab: 'a_relancer' })).data.map((row) => row.documentId)).toEqual([due.id]);
  });

  it('two simultaneous openings of one invoice: one recovery, one unit', async () => {
    const owner = await garage(5);
    const due = await invoice(owner);
    const answers = await Promise.all(Array.from({ length: 4 }, () => open(owner, due.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await app.db.select().from(recoveries).where(eq(recoveries.documentId, due.id))).toHaveLength(1);
    expect(await balance(owner.companyId)).toBe(4);
    expect((await ledger(owner.companyId)).filter((row) => row.kind === 'recouvrement')).toHaveLength(1);
  });
});

describe('the list', () => {
  it('filters the tab on the column the contracts name', () => {
    expect(RECOVERY_COLUMNS[RECOVERY_TAB_COLUMN]).toBe('tab');
  });

  it('counts each tab as its rows, searches, sorts the oldest due first; a payment in full closes', async () => {
    const owner = await garage(10);
    const folder = await folderOf(owner);
    const make = (daysLate: number, customer: string, extra: InvoiceOptions = {}) =>
      invoice(owner, { daysLate, customer, ...extra });
    const waiting = await make(3, 'Dupont Attente');
    const gentle = await make(40, 'Martin Amiable', { folderId: folder.id });
    // An insurer invoice belongs to a folder (its claim): another one than the plate searched below.
    const claim = await folderOf(owner);
    const formal = await make(60, 'Mutuelle Demeure', { billTo: 'insurer', folderId: claim.id });
    const court = await make(90, 'Bernard Contentieux');
    const dropped = await make(25, 'Petit Abandon', { euros: '10,00' });
    const settled = await make(15, 'Leroy Solde');
    await invoice(owner, { daysLate: null, customer: 'Pas encore échu' });

    const ids: Record<string, number> = {};
    for (const due of [gentle, formal, court, dropped, settled]) ids[due.id] = (await opened(owner, due.id)).id;
    const recoveryId = (due: { id: number }) => ids[due.id] ?? 0;
    expect((await stage(owner, recoveryId(formal), 'mise_en_demeure')).statusCode).toBe(200);
    expect((await stage(owner, recoveryId(court), 'mise_en_demeure')).statusCode).toBe(200);
    expect((await stage(owner, recoveryId(court), 'contentieux')).statusCode).toBe(200);
    expect((await stage(owner, recoveryId(dropped), 'closed')).statusCode).toBe(200);
    // Paid in full after being put under recovery: closed without any move.
    expect(
      (await call(owner, 'POST', '/api/paiement', { invoiceId: settled.id, amount: '120,00', type: 'transfer' }))
        .statusCode,
    ).toBe(201);

    const expected: Record<RecoveryTab, number[]> = {
      a_relancer: [waiting.id],
      amiable: [gentle.id],
      mise_en_demeure: [formal.id],
      contentieux: [court.id],
      closed: [dropped.id, settled.id],
    };
    const whole = await list(owner);
    expect(whole.totalRecords).toBe(6);
    expect(whole.statusCounts).toEqual({
      all: 6,
      a_relancer: 1,
      amiable: 1,
      mise_en_demeure: 1,
      contentieux: 1,
      closed: 2,
    });
    // Oldest due date first.
    expect(whole.data.map((row) => row.daysOverdue)).toEqual([90, 60, 40, 25, 15, 3]);
    for (const tab of RECOVERY_TABS) {
      const page = await list(owner, { tab });
      expect(page.statusCounts).toEqual(whole.statusCounts);
      expect(page.totalRecords).toBe(whole.statusCounts?.[tab]);
      expect(page.data.map((row) => row.documentId).sort()).toEqual([...expected[tab]].sort());
      expect(page.data.every((row: RecoveryRow) => row.tab === tab)).toBe(true);
    }
    const closed = await list(owner, { tab: 'closed' });
    expect(closed.data.find((row) => row.documentId === settled.id)).toMatchObject({ stage: 'amiable', amountDue: 0 });
    expect(closed.data.find((row) => row.documentId === dropped.id)).toMatchObject({
      stage: 'closed',
      amountDue: 1_200,
    });
    const insurer = whole.data.find((row) => row.documentId === formal.id);
    expect(insurer).toMatchObject({ debtorKind: 'assureur', debtorName: 'Mutuelle Demeure', folderId: claim.id });

    // Search: the invoice number, the debtor, the folder's plate (typed with or without dashes).
    expect((await list(owner, { search: court.number })).data.map((row) => row.documentId)).toEqual([court.id]);
    expect((await list(owner, { search: 'mutuelle' })).data.map((row) => row.documentId)).toEqual([formal.id]);
    const byPlate = await list(owner, { search: folder.plate.replace(/-/g, '') });
    expect(byPlate.data.map((row) => row.documentId)).toEqual([gentle.id]);
    expect(byPlate.statusCounts).toMatchObject({ all: 1, amiable: 1, a_relancer: 0 });
    // Another sort: by amount due, smallest first.
    const byAmount = await list(owner, { sortField: RECOVERY_COLUMNS.indexOf('amountDue'), sortDir: 'asc' });
    expect(byAmount.data[0]?.documentId).toBe(settled.id);
  });

  it('the demo garage of Lyon has every tab filled', async () => {
    const lyon = { cookie: await login(app, 'poseur.admin@demo.garage.fr') };
    const answer = await list(lyon);
    for (const tab of RECOVERY_TABS) expect(answer.statusCounts?.[tab], tab).toBeGreaterThan(0);
    const withEvents = answer.data.find((row) => row.tab === 'contentieux');
    expect(withEvents?.recoveryId).not.toBeNull();
    expect((await events(lyon, withEvents?.recoveryId ?? 0)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('stages and comments', () => {
  it('moves forward, back and closed, each step an event and a folder history row; the same stage is refused', async () => {
    const owner = await garage(2);
    const folder = await folderOf(owner);
    const due = await invoice(owner, { folderId: folder.id });
    const { id } = await opened(owner, due.id);

    const moved = await stage(owner, id, 'contentieux');
    expect(moved.statusCode).toBe(200);
    expect(recoveryEventSchema.parse(moved.json())).toMatchObject({ fromStage: 'amiable', toStage: 'contentieux' });
    const same = await stage(owner, id, 'contentieux');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(RECOVERY_SAME_STAGE);
    expect((await stage(owner, id, 'mise_en_demeure')).statusCode).toBe(200);
    expect((await stage(owner, id, 'closed')).statusCode).toBe(200);
    expect((await recoveryOf(due.id))?.closedAt).not.toBeNull();
    expect((await stage(owner, id, 'amiable')).statusCode).toBe(200);
    expect((await recoveryOf(due.id))?.closedAt).toBeNull();
    expect((await stage(owner, id, 'payee')).statusCode).toBe(400);

    const steps = await events(owner, id);
    expect(steps.map((step) => [step.fromStage, step.toStage])).toEqual([
      ['closed', 'amiable'],
      ['mise_en_demeure', 'closed'],
      ['contentieux', 'mise_en_demeure'],
      ['amiable', 'contentieux'],
      [null, 'amiable'],
    ]);
    const history = await recoveryHistory(folder.id);
    expect(history).toHaveLength(5);
    expect(history.every((row) => row.kind === 'relance')).toBe(true);
    expect(history.map((row) => row.content)).toContain(
      `<p>Recouvrement de la facture ${due.number} : Relance amiable → Contentieux</p>`,
    );
    // Moving costs nothing.
    expect(await balance(owner.companyId)).toBe(1);
  });

  it('a comment: plain text escaped in the history, an event, and no notification to its author', async () => {
    const owner = await garage(2);
    const folder = await folderOf(owner);
    const due = await invoice(owner, { folderId: folder.id });
    const { id } = await opened(owner, due.id);

    const text = 'Appel du client :\n<img src=x onerror=alert(1)> promet de payer';
    const answer = await comment(owner, id, `  ${text}  `);
    expect(answer.statusCode).toBe(201);
    expect(recoveryEventSchema.parse(answer.json())).toMatchObject({ kind: 'comment', content: text });
    expect((await events(owner, id)).map((step) => step.kind)).toEqual(['comment', 'stage']);

    const history = (await recoveryHistory(folder.id)).find((row) => row.kind === 'comment');
    expect(history?.content).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(history?.content).not.toContain('<img');
    expect(history?.content).toContain('Appel du client :<br>');

    const sent = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, owner.companyId), eq(notifications.typeFolder, 'recovery')));
    // The garage's only user wrote it: no one is told of their own comment.
    expect(sent).toEqual([]);
    const row = (await list(owner, { tab: 'amiable' })).data[0];
    expect(row?.lastEventKind).toBe('comment');

    for (const [content, message] of [
      ['   ', RECOVERY_COMMENT_REQUIRED],
      ['x'.repeat(2_001), RECOVERY_COMMENT_TOO_LONG],
      ['\u0001\u0007', RECOVERY_COMMENT_REQUIRED],
    ] as const) {
      const refused = await comment(owner, id, content);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await eventCount(id)).toBe(2);
    expect((await comment(owner, id, 'x'.repeat(2_000))).statusCode).toBe(201);
    const bell = await comment(owner, id, 'Bip\u0007 reçu\r\nfin');
    expect(bell.json()).toMatchObject({ content: 'Bip reçu\nfin' });
  });
});

describe('who may', () => {
  it('another garage’s user neither sees, opens, moves, comments nor reads it (404), nothing changes', async () => {
    const owner = await garage(3);
    const stranger = await garage(3);
    const folder = await folderOf(owner);
    const due = await invoice(owner, { folderId: folder.id });
    const waiting = await invoice(owner, { customer: 'Client en attente' });
    const { id } = await opened(owner, due.id);

    const seen = await list(stranger);
    expect(seen.data).toEqual([]);
    expect(seen.statusCounts?.all).toBe(0);
    expect((await list(stranger, { search: due.number })).data).toEqual([]);
    for (const answer of [
      await open(stranger, waiting.id),
      await stage(stranger, id, 'contentieux'),
      await comment(stranger, id, 'Intrusion'),
      await call(stranger, 'GET', `/api/recovery/${id}/events`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect([RECOVERY_NOT_FOUND, RECOVERY_INVOICE_NOT_FOUND]).toContain(answer.json().message);
    }
    expect(await recoveryOf(waiting.id)).toBeUndefined();
    expect((await recoveryOf(due.id))?.stage).toBe('amiable');
    expect(await eventCount(id)).toBe(1);
    expect(await recoveryHistory(folder.id)).toHaveLength(1);
    expect(await balance(owner.companyId)).toBe(2);
    expect(await balance(stranger.companyId)).toBe(3);
    const notified = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, owner.companyId), eq(notifications.typeFolder, 'recovery')));
    expect(notified).toEqual([]);
  });

  it('a role without the permission gets 403; customer service may', async () => {
    const owner = await garage(3);
    const due = await invoice(owner);
    const { id } = await opened(owner, due.id);
    for (const email of ['cmd@demo.garage.fr', 'comptable@demo.garage.fr', 'poseur@demo.garage.fr']) {
      const user = { cookie: await login(app, email) };
      for (const answer of [
        await call(user, 'GET', '/api/recovery/list/all'),
        await open(user, due.id),
        await stage(user, id, 'contentieux'),
        await comment(user, id, 'Refusé'),
        await call(user, 'GET', `/api/recovery/${id}/events`),
      ]) {
        expect(answer.statusCode, email).toBe(403);
      }
    }
    const service = await garage(1, 'service.client@demo.garage.fr');
    const serviceDue = await invoice(service);
    expect((await open(service, serviceDue.id)).statusCode).toBe(201);
    expect((await recoveryOf(due.id))?.stage).toBe('amiable');
    expect(await eventCount(id)).toBe(1);
    expect((await call({ cookie: '' }, 'GET', '/api/recovery/list/all')).statusCode).toBe(401);
  });
});

describe('POST /api/test/invoice-overdue (browser tests only)', () => {
  it('sets back the payment term of a draft invoice of the user’s garages only, so its issue is overdue', async () => {
    const owner = await garage(1);
    const stranger = await garage(1);
    const api = billing(app, owner.cookie);
    const draft = await api.create('invoice', body({ customer: { name: 'Client Essai' } }));
    const move = (email: string) =>
      app.inject({ method: 'POST', url: '/api/test/invoice-overdue', payload: { email, documentId: draft, days: 7 } });
    expect((await move(stranger.email)).statusCode).toBe(404);
    expect((await move(owner.email)).statusCode).toBe(200);
    await api.issue(draft);
    expect((await list(owner, { tab: 'a_relancer' })).data.map((row) => row.daysOverdue)).toEqual([7]);
    expect((await move(owner.email)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the recovery calls', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/recovery/list/all',
      '/api/recovery/open/{documentId}',
      '/api/recovery/{id}/stage',
      '/api/recovery/{id}/comment',
      '/api/recovery/{id}/events',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/recovery/{id}/comment'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('content');
  });
});
