import {
  EREPORT_STATUS_LABELS,
  type EreportKind,
  type EreportList,
  type EreportStatus,
  type EreportTransmission,
  PERIODICITY_LABELS,
  reportPeriodicity,
  vatFilingLabel,
} from 'contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { ereportTransmissions, outbox } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { connectedGarages } from '../einvoicing/incoming-sync';
import { periodLabel } from './periods';
import { CORRECTABLE, reportingGarage } from './transmissions';

/** « Déposée le … », or why a queued one has not left yet. */
function reasonOf(
  row: { status: string; reason: string | null },
  deposit: { lastError: string | null; next: Date | null },
) {
  if (row.status !== 'queued' || !deposit.lastError) return row.reason;
  const next = deposit.next
    ? ` — nouvel essai le ${deposit.next.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`
    : '';
  return `Non transmis : ${deposit.lastError}${next}`;
}

/** The garage's transmissions, newest period first, each correction after what it corrects. */
export async function listTransmissions(db: Database, companyId: number): Promise<EreportList> {
  const garage = await reportingGarage(db, companyId);
  if (!garage) throw notFound('Garage introuvable');
  const rows = await db
    .select({ row: ereportTransmissions, lastError: outbox.lastError, next: outbox.nextAttemptAt })
    .from(ereportTransmissions)
    .leftJoin(outbox, eq(outbox.id, ereportTransmissions.outboxId))
    .where(eq(ereportTransmissions.companyId, companyId))
    .orderBy(desc(ereportTransmissions.periodStart), ereportTransmissions.kind, desc(ereportTransmissions.id));
  const connected = (await connectedGarages(db)).includes(companyId);
  return {
    connected,
    vatFiling: garage.vatFiling,
    vatFilingLabel: vatFilingLabel(garage.vatFiling),
    transactionsEvery: PERIODICITY_LABELS[reportPeriodicity(garage.vatFiling, 'transactions')],
    paymentsEvery: PERIODICITY_LABELS[reportPeriodicity(garage.vatFiling, 'payments')],
    reportsPayments: garage.reportsPayments,
    rows: rows.map(
      ({ row, lastError, next }): EreportTransmission => ({
        id: row.id,
        kind: row.kind as EreportKind,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        periodLabel: periodLabel({ start: row.periodStart, end: row.periodEnd }),
        correctsId: row.correctsId,
        status: row.status as EreportStatus,
        statusLabel: EREPORT_STATUS_LABELS[row.status as EreportStatus] ?? row.status,
        reason: reasonOf(row, { lastError, next }),
        amount: row.amount,
        tax: row.tax,
        count: row.count,
        createdAt: row.createdAt.toISOString(),
        depositedAt: row.depositedAt?.toISOString() ?? null,
        correctable: CORRECTABLE.includes(row.status as EreportStatus),
        lines: row.lines,
      }),
    ),
  };
}

/** A transmission's file, as deposited. */
export async function transmissionFile(db: Database, companyId: number, id: number) {
  const [row] = await db
    .select({
      file: ereportTransmissions.file,
      kind: ereportTransmissions.kind,
      start: ereportTransmissions.periodStart,
    })
    .from(ereportTransmissions)
    .where(and(eq(ereportTransmissions.id, id), eq(ereportTransmissions.companyId, companyId)));
  if (!row?.file) throw notFound('Fichier introuvable : cette transmission n’a pas été déposée');
  return {
    bytes: row.file,
    name: `e-reporting-${row.kind === 'transactions' ? 'ventes' : 'encaissements'}-${row.start}-${id}.xml`,
  };
}
