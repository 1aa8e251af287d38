import { createHash } from 'node:crypto';
import {
  EREPORT_KINDS,
  EREPORT_NOT_FOUND,
  type EreportKind,
  type EreportStatus,
  reportPeriodicity,
  type VatFiling,
} from 'contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, ereportTransmissions, outbox, sendingSettings } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { PARIS_ZONE } from '../../lib/paris-time';
import { isUniqueViolation } from '../../lib/unique-violation';
import { connectedGarages } from '../einvoicing/incoming-sync';
import { FLOW_TYPES, frrXml } from './frr';
import { closedPeriods, type Period, periodOf } from './periods';
import { paymentFigures, type ReportFigures, transactionFigures } from './report-figures';

/*
 * A transmission is built once per garage, report and period, the day after the period ends: its figures, checked
 * against the issued documents, written as the FRR file and queued in the outbox (channel `platform`) in one
 * transaction. Figures that do not match the documents are kept « Bloquée » with the difference, never sent. A
 * rejected or blocked transmission is corrected by a new one for the same period, rectifying it.
 */

export interface ReportingGarage {
  id: number;
  name: string;
  siren: string;
  vatFiling: VatFiling;
  /** Whether a payments report is due: VAT on services falls due on receipt (no debit option, VAT charged). */
  reportsPayments: boolean;
}

export async function reportingGarage(db: Database, companyId: number): Promise<ReportingGarage | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      siret: companies.siret,
      vatFiling: companies.vatFiling,
      vatOnDebits: companies.vatOnDebits,
      vatExemption: companies.vatExemption,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    siren: (row.siret ?? '').slice(0, 9),
    vatFiling: row.vatFiling as VatFiling,
    reportsPayments: !row.vatOnDebits && !row.vatExemption,
  };
}

/** The transmissions a correction may replace. */
export const CORRECTABLE: EreportStatus[] = ['rejected', 'blocked'];

class AlreadyCorrected extends Error {}

export const reportTrackingId = (transmissionId: number) => `ereport-${transmissionId}`;

interface QueueOptions {
  /** The rejected or blocked transmission this one corrects. */
  corrects?: { id: number; reportId: string | null };
  userId?: number | null;
}

/** Writes a transmission's FRR file and queues its deposit in the outbox, in the transaction that built it. */
async function queueFile(
  tx: Transaction,
  garage: ReportingGarage,
  report: { id: number; kind: EreportKind; period: Period; figures: ReportFigures; corrects: QueueOptions['corrects'] },
) {
  const { id, kind, period, figures } = report;
  const bytes = Buffer.from(
    frrXml({
      id: reportId(garage.id, id),
      issuedAt: new Date(),
      kind,
      replaces: report.corrects?.reportId ?? null,
      declarant: { siren: garage.siren, name: garage.name },
      period,
      lines: figures.lines,
      count: figures.count,
    }),
    'utf8',
  );
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = `e-reporting-${kind === 'transactions' ? 'ventes' : 'encaissements'}-${period.start}-${id}.xml`;
  const [queued] = await tx
    .insert(outbox)
    .values({
      channel: 'platform',
      companyId: garage.id,
      to: FLOW_TYPES[kind],
      subject: `E-reporting du ${period.start} au ${period.end}`,
      body: JSON.stringify({
        trackingId: reportTrackingId(id),
        name,
        flowSyntax: 'FRR',
        processingRule: 'B2C',
        sha256,
      }),
      attachmentName: name,
      attachment: bytes,
      attachmentSha256: sha256,
      // A correction leaves after what it corrects, whatever the retries.
      sequenceKey: `ereport:${garage.id}:${kind}:${period.start}`,
    })
    .returning({ id: outbox.id });
  await tx
    .update(ereportTransmissions)
    .set({ file: bytes, sha256, outboxId: queued?.id ?? null })
    .where(eq(ereportTransmissions.id, id));
}

/** Builds a period's report and queues it; answers its id, or null when another pass built it first. */
export async function queueReport(
  db: Database,
  garage: ReportingGarage,
  kind: EreportKind,
  period: Period,
  options: QueueOptions = {},
): Promise<number | null> {
  const figures =
    kind === 'transactions'
      ? await transactionFigures(db, garage.id, period)
      : await paymentFigures(db, garage.id, period);
  try {
    return await db.transaction(async (tx) => {
      if (options.corrects) {
        // Still correctable when the correction commits: a second click, or an answer just come in, builds nothing.
        const replaced = await tx
          .update(ereportTransmissions)
          .set({ status: 'replaced' })
          .where(
            and(eq(ereportTransmissions.id, options.corrects.id), inArray(ereportTransmissions.status, CORRECTABLE)),
          )
          .returning({ id: ereportTransmissions.id });
        if (replaced.length === 0) throw new AlreadyCorrected();
      }
      const [row] = await tx
        .insert(ereportTransmissions)
        .values({
          companyId: garage.id,
          kind,
          periodStart: period.start,
          periodEnd: period.end,
          status: figures.mismatch ? 'blocked' : 'queued',
          reason: figures.mismatch,
          correctsId: options.corrects?.id ?? null,
          amount: figures.amount,
          tax: figures.tax,
          count: figures.count,
          lines: figures.lines,
          createdBy: options.userId ?? null,
        })
        .returning({ id: ereportTransmissions.id });
      if (!row) throw new Error('transmission not inserted');
      if (!figures.mismatch)
        await queueFile(tx, garage, { id: row.id, kind, period, figures, corrects: options.corrects });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error) || error instanceof AlreadyCorrected) return null;
    throw error;
  }
}

/** The report's own id, printed in its file and cited by its correction. */
export const reportId = (companyId: number, transmissionId: number) => `EREP-${companyId}-${transmissionId}`;

/** Where a report's next transmissions start: after its newest one, else at the period the garage connected in. */
async function firstDue(db: Database, garage: ReportingGarage, kind: EreportKind, since?: string) {
  const [newest] = await db
    .select({ end: ereportTransmissions.periodEnd })
    .from(ereportTransmissions)
    .where(and(eq(ereportTransmissions.companyId, garage.id), eq(ereportTransmissions.kind, kind)))
    .orderBy(desc(ereportTransmissions.periodEnd))
    .limit(1);
  if (newest) return new Date(Date.parse(`${newest.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (since) return since;
  const [setting] = await db
    .select({ at: sql<string>`to_char(min(${sendingSettings.updatedAt}) at time zone ${PARIS_ZONE}, 'YYYY-MM-DD')` })
    .from(sendingSettings)
    .innerJoin(companies, eq(companies.id, garage.id))
    .where(
      and(
        eq(sendingSettings.channel, 'platform'),
        sql`(${sendingSettings.companyId} = ${companies.id} or ${sendingSettings.franchiseId} = ${companies.franchiseId})`,
      ),
    );
  return setting?.at ?? null;
}

/** Today in France, as YYYY-MM-DD. */
const parisToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * Queues every report of a garage whose period is over and not transmitted yet, oldest first; answers how many.
 * `since` (the demo) starts a garage that never reported at that day instead of the day it connected.
 */
export async function queueGarageReports(db: Database, companyId: number, since?: string): Promise<number> {
  const garage = await reportingGarage(db, companyId);
  if (!garage) return 0;
  let queued = 0;
  for (const kind of EREPORT_KINDS) {
    if (kind === 'payments' && !garage.reportsPayments) continue;
    const from = await firstDue(db, garage, kind, since);
    if (!from) continue;
    const periodicity = reportPeriodicity(garage.vatFiling, kind);
    for (const period of closedPeriods(periodOf(from, periodicity).start, parisToday(), periodicity)) {
      // After a change of regime the first period may begin before the last one reported ended: it starts after it.
      const due = period.start < from ? { ...period, start: from } : period;
      if ((await queueReport(db, garage, kind, due)) !== null) queued += 1;
    }
  }
  return queued;
}

/** One pass over every garage connected to a platform. */
export async function queueDueReports(db: Database, since?: string): Promise<number> {
  let queued = 0;
  for (const companyId of await connectedGarages(db)) queued += await queueGarageReports(db, companyId, since);
  return queued;
}

/**
 * The correction of a rejected or blocked transmission: the period built again from today's documents. Answers its
 * id, or null when the transmission is not (or no longer) correctable; another garage's is not found.
 */
export async function correctTransmission(
  db: Database,
  companyId: number,
  transmissionId: number,
  userId: number,
): Promise<number | null> {
  const [old] = await db
    .select()
    .from(ereportTransmissions)
    .where(
      and(
        eq(ereportTransmissions.id, transmissionId),
        eq(ereportTransmissions.companyId, companyId),
        ne(ereportTransmissions.status, 'replaced'),
      ),
    );
  const garage = await reportingGarage(db, companyId);
  if (!old || !garage) throw notFound(EREPORT_NOT_FOUND);
  if (!CORRECTABLE.includes(old.status as EreportStatus)) return null;
  return queueReport(
    db,
    garage,
    old.kind as EreportKind,
    { start: old.periodStart, end: old.periodEnd },
    // A rectifying report cites a report the platform received; one it never took is sent again as a first one.
    { corrects: { id: old.id, reportId: old.flowId ? reportId(companyId, old.id) : null }, userId },
  );
}
