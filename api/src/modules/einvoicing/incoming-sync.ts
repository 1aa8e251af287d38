import { RECEIVED_INVOICE_PATHS, SENT_INVOICE_PATHS } from 'contracts';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { companies, platformFlows, sendingSettings } from '../../db/schema';
import { announceChange } from '../notifications/changes';
import { receiveLifecycle } from './lifecycle-receive';
import { type PlatformClient, platformClient } from './platform/platform-client';
import type { Flow, FlowType } from './platform/xp-z12-013';
import { garageAccess } from './platform-settings';
import { receiveFile } from './receive-service';

/*
 * Supplier invoices come from the platform two ways: its webhook says one arrived (webhook-routes.ts), and a
 * periodic search asks for every incoming invoice since the newest one stored: the safety net when a call back was
 * lost (server down, network cut). Both end here; a flow stored already is skipped, so the two never double it.
 */

/** The search overlaps the last one by this much: two flows of the same instant are never missed. */
const OVERLAP_MS = 60_000;
const PAGE = 100;

/** What the garage receives: its suppliers' invoices, and the statuses of the invoices it sent. */
export const INCOMING_TYPES: FlowType[] = ['SupplierInvoice', 'CustomerInvoiceLC'];

/** Downloads one announced flow's file and receives it: a supplier's invoice, or a status of one the garage sent. */
export async function receiveFlow(db: Database, client: PlatformClient, companyId: number, flow: Flow): Promise<void> {
  const { bytes, fileName } = await client.getFlowFile(flow.flowId);
  const file = {
    companyId,
    source: 'platform' as const,
    flowId: flow.flowId,
    flowType: flow.flowType,
    fileName: fileName ?? flow.name,
    bytes,
    platformUpdatedAt: new Date(flow.updatedAt),
  };
  if (flow.flowType === 'CustomerInvoiceLC') {
    await receiveLifecycle(db, file);
    // The invoice's page and the lists' « Plateforme » column follow its statuses without a reload.
    await announceChange(db, companyId, SENT_INVOICE_PATHS);
  } else {
    await receiveFile(db, file);
    // An expenses list open on screen shows the supplier's invoice as it arrives.
    await announceChange(db, companyId, RECEIVED_INVOICE_PATHS);
  }
}

async function newestStored(db: Database, companyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ newest: max(platformFlows.platformUpdatedAt) })
    .from(platformFlows)
    .where(and(eq(platformFlows.companyId, companyId), eq(platformFlows.source, 'platform')));
  return row?.newest ?? null;
}

async function storedIds(db: Database, companyId: number, flowIds: string[]): Promise<Set<string>> {
  if (flowIds.length === 0) return new Set();
  const rows = await db
    .select({ flowId: platformFlows.flowId })
    .from(platformFlows)
    .where(and(eq(platformFlows.companyId, companyId), inArray(platformFlows.flowId, flowIds)));
  return new Set(rows.map((row) => row.flowId ?? ''));
}

/** Receives every incoming flow (invoices, statuses) the garage has not stored yet; answers how many it stored now. */
export async function syncIncoming(db: Database, key: Buffer, companyId: number): Promise<number> {
  const garage = await garageAccess(db, key, companyId);
  if (!garage) return 0;
  const client = platformClient(garage.access, garage.organizationId);
  const newest = await newestStored(db, companyId);
  const where = {
    flowDirection: ['In' as const],
    flowType: INCOMING_TYPES,
    ...(newest ? { updatedAfter: new Date(newest.getTime() - OVERLAP_MS).toISOString() } : {}),
  };
  let received = 0;
  let cursor: string | undefined;
  do {
    const page = await client.searchFlows(where, cursor, PAGE);
    const flows = (page.results ?? []).filter((flow) => flow.acknowledgement?.status !== 'Error');
    const known = await storedIds(
      db,
      companyId,
      flows.map((flow) => flow.flowId),
    );
    for (const flow of flows.filter((each) => !known.has(each.flowId))) {
      await receiveFlow(db, client, companyId, flow);
      received += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return received;
}

/** The garages a platform is set for: their own setting, or their network's. */
export async function connectedGarages(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      sql`exists (select 1 from ${sendingSettings} where ${sendingSettings.channel} = 'platform' and (${sendingSettings.companyId} = ${companies.id} or ${sendingSettings.franchiseId} = ${companies.franchiseId}))`,
    );
  return rows.map((row) => row.id);
}

/** One pass over every connected garage; one garage's platform failing never stops the others'. */
export async function syncAllIncoming(db: Database, key: Buffer, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  for (const companyId of await connectedGarages(db)) {
    try {
      await syncIncoming(db, key, companyId);
    } catch (error) {
      log.warn({ companyId, err: (error as Error).message }, 'platform search failed, next pass will retry');
    }
  }
}
