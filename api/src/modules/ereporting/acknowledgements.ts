import { EREPORTING_PATHS } from 'contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { ereportTransmissions, outbox } from '../../db/schema';
import { platformClient } from '../einvoicing/platform/platform-client';
import { garageAccess } from '../einvoicing/platform-settings';
import { announceChange } from '../notifications/changes';
import { notifyUsers } from '../notifications/producer';
import { MAX_ATTEMPTS } from '../outbox/dispatch';
import { periodLabel } from './periods';
import { reportTrackingId } from './transmissions';

/*
 * Where each report stands once it left: the outbox says when it was deposited (or that the platform refused the
 * deposit itself), then the platform's acknowledgement of the flow (XP Z12-013: Pending, Ok, or Error with its
 * reasons) says whether it was accepted. A rejection is notified to the garage: the page offers its correction.
 */

type Transmission = typeof ereportTransmissions.$inferSelect;

async function reject(db: Database, row: Transmission, reason: string) {
  const rejected = await db
    .update(ereportTransmissions)
    .set({ status: 'rejected', reason })
    .where(and(eq(ereportTransmissions.id, row.id), inArray(ereportTransmissions.status, ['queued', 'deposited'])))
    .returning({ id: ereportTransmissions.id });
  // Another pass recorded it first: told once.
  if (rejected.length === 0) return;
  await notifyUsers(db, {
    companyId: row.companyId,
    event: 'recovery',
    actorUserId: null,
    // In the bell, not a modal at every sign-in: the page counts what waits, and the period's deadline is days away.
    alert: false,
    title: `E-reporting rejeté : ${periodLabel({ start: row.periodStart, end: row.periodEnd })}`,
    body: `${reason}. Corrigez-le depuis la page « E-reporting ».`,
  });
}

/** The deposits the outbox made (or gave up) moved onto their transmissions. */
async function recordDeposits(db: Database, companyId: number) {
  const queued = await db
    .select({
      row: ereportTransmissions,
      sentAt: outbox.sentAt,
      flowId: outbox.providerMessageId,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(ereportTransmissions)
    .innerJoin(outbox, eq(outbox.id, ereportTransmissions.outboxId))
    .where(and(eq(ereportTransmissions.companyId, companyId), eq(ereportTransmissions.status, 'queued')));
  let changed = 0;
  for (const each of queued) {
    if (each.sentAt) {
      await db
        .update(ereportTransmissions)
        .set({ status: 'deposited', depositedAt: each.sentAt, flowId: each.flowId })
        .where(and(eq(ereportTransmissions.id, each.row.id), eq(ereportTransmissions.status, 'queued')));
      changed += 1;
    } else if (each.attempts >= MAX_ATTEMPTS && each.nextAttemptAt === null) {
      await reject(db, each.row, `Dépôt refusé par la plateforme : ${each.lastError ?? 'sans motif'}`);
      changed += 1;
    }
  }
  return changed;
}

/** Moves the garage's reports on: deposited, then accepted or rejected by the platform; answers how many changed. */
export async function checkAcknowledgements(db: Database, key: Buffer, companyId: number): Promise<number> {
  let changed = await recordDeposits(db, companyId);
  changed += await readAcknowledgements(db, key, companyId);
  // The « E-reporting » page open on screen follows its transmissions.
  if (changed > 0) await announceChange(db, companyId, [EREPORTING_PATHS.overview(companyId)]);
  return changed;
}

/** The platform's answer to each deposited report: accepted, or rejected with its reasons. */
async function readAcknowledgements(db: Database, key: Buffer, companyId: number): Promise<number> {
  let changed = 0;
  const deposited = await db
    .select()
    .from(ereportTransmissions)
    .where(
      and(
        eq(ereportTransmissions.companyId, companyId),
        eq(ereportTransmissions.status, 'deposited'),
        isNotNull(ereportTransmissions.flowId),
      ),
    );
  if (deposited.length === 0) return changed;
  const garage = await garageAccess(db, key, companyId);
  if (!garage) return changed;
  const client = platformClient(garage.access, garage.organizationId);
  for (const row of deposited) {
    const found = await client.searchFlows({ trackingId: reportTrackingId(row.id), flowDirection: ['Out'] });
    const flow = found.results?.find((each) => each.flowId === row.flowId);
    const ack = flow?.acknowledgement;
    if (!ack || ack.status === 'Pending') continue;
    if (ack.status === 'Ok') {
      await db
        .update(ereportTransmissions)
        .set({ status: 'accepted', reason: null })
        .where(and(eq(ereportTransmissions.id, row.id), eq(ereportTransmissions.status, 'deposited')));
    } else {
      const reasons = (ack.details ?? []).map((detail) => `${detail.reasonMessage} (${detail.reasonCode})`);
      await reject(db, row, reasons.join(' ; ') || 'Rejeté sans motif');
    }
    changed += 1;
  }
  return changed;
}
