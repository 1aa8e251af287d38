import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import {
  type ClaimedMessage,
  type DispatchLoop,
  dispatchPending,
  NoSender,
  startDispatchLoop,
} from '../outbox/dispatch';
import { platformClient } from './platform/platform-client';
import { PlatformError } from './platform/platform-error';
import type { FlowInfo } from './platform/xp-z12-013';
import { garageAccess } from './platform-settings';

/*
 * Every flow the garage sends to its platform leaves through the outbox (channel `platform`): retried with
 * back-off, or after the Retry-After a 429 asked for; one at a time per invoice (`sequence_key`); never deposited
 * twice: a try after one that may have reached the platform first looks for its tracking id there.
 */

const CONTENT_TYPES: Record<string, string> = { 'Factur-X': 'application/pdf' };

export async function deliverFlow(
  db: Database,
  key: Buffer,
  message: ClaimedMessage,
): Promise<{ providerMessageId: string }> {
  if (message.companyId === null) throw new PlatformError('Flux sans garage', null, false);
  const garage = await garageAccess(db, key, message.companyId);
  if (!garage) throw new NoSender();
  const info = JSON.parse(message.body) as FlowInfo;
  const client = platformClient(garage.access, garage.organizationId);
  if (message.attempts > 1 && info.trackingId) {
    const found = await client.searchFlows({ trackingId: info.trackingId, flowDirection: ['Out'] });
    const deposited = found.results?.find((flow) => flow.acknowledgement?.status !== 'Error');
    if (deposited) return { providerMessageId: deposited.flowId };
  }
  if (!message.attachment) throw new PlatformError('Le fichier du flux n’est plus dans la file', null, false);
  const created = await client.createFlow(info, {
    bytes: message.attachment,
    contentType: CONTENT_TYPES[info.flowSyntax] ?? 'application/xml',
  });
  return { providerMessageId: created.flowId };
}

export function startPlatformLoop(
  db: Database,
  key: Buffer,
  options: { pollMs: number; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
): DispatchLoop {
  return startDispatchLoop(db, {
    channel: 'platform',
    deliver: (message) => deliverFlow(db, key, message),
    ...options,
  });
}

/** One pass over the outbox's platform flows (what the loop runs; the tests call it to drive a pass). */
export const sendPendingFlows = (db: Database, key: Buffer) =>
  dispatchPending(db, { channel: 'platform', deliver: (message) => deliverFlow(db, key, message) });
