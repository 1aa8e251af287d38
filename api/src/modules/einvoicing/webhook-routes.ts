import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { webhookKey } from './connection-test';
import { INCOMING_TYPES, receiveFlow } from './incoming-sync';
import { platformClient } from './platform/platform-client';
import type { Flow } from './platform/xp-z12-013';
import { garageAccess } from './platform-settings';

/*
 * The platform's call when a flow arrives for a garage (XP Z12-013 webhook): signed with the key the garage got
 * when it subscribed (HMAC-SHA-256 over SHA-256(body « @ » timestamp), base64), refused otherwise. The answer
 * leaves at once; the invoice is fetched and received after it (a lost one is found by the next search).
 */

/** A call older or newer than this is refused: a recorded call cannot be replayed later. */
const SKEW_SECONDS = 300;
const WEBHOOK_REFUSED = 'Signature de la plateforme invalide';

function signatureHolds(key: Buffer, body: string, timestamp: string, signature: string): boolean {
  const at = Number(timestamp);
  if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > SKEW_SECONDS) return false;
  const fingerprint = createHash('sha256').update(`${body}@${timestamp}`).digest();
  const expected = createHmac('sha256', key).update(fingerprint).digest();
  const presented = Buffer.from(signature, 'base64');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the body as sent: read it as text, parse it only once the signature holds.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/einvoicing/webhook/:companyId',
    {
      schema: {
        tags: ['einvoicing'],
        summary:
          'The approved platform’s call back when a flow arrives (public, signed: Afnor-Signature and Afnor-Signature-Timestamp); an incoming supplier invoice is fetched and received after the answer',
        params: z.object({ companyId: z.coerce.number().int().positive() }),
        response: { 200: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const body = typeof request.body === 'string' ? request.body : '';
      const key = await webhookKey(app, companyId);
      const signature = String(request.headers['afnor-signature'] ?? '');
      const timestamp = String(request.headers['afnor-signature-timestamp'] ?? '');
      if (!key || !signatureHolds(key, body, timestamp, signature)) throw unauthenticated(WEBHOOK_REFUSED);
      const flow = JSON.parse(body) as Flow;
      if (
        flow.flowDirection === 'In' &&
        INCOMING_TYPES.includes(flow.flowType) &&
        flow.acknowledgement?.status !== 'Error'
      )
        app.afterAnswer(reply, async () => {
          const garage = await garageAccess(app.db, app.senders.key, companyId);
          if (!garage) return;
          await receiveFlow(app.db, platformClient(garage.access, garage.organizationId), companyId, flow).catch(
            (error) =>
              request.log.warn(
                { companyId, err: (error as Error).message },
                'webhook flow not received, next search will',
              ),
          );
        });
      return reply.code(200).send(null);
    },
  );
};
