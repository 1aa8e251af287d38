import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LifecycleCode, LifecycleReason } from 'contracts';
import type { Flow } from '../modules/einvoicing/platform/xp-z12-013';
import type { Answer } from './flow-service';
import { afterDeposit, buyerStatus } from './lifecycle';
import { answer } from './platform-routes';
import {
  type DirectoryEntry,
  flowMetadata,
  type PlatformState,
  platformState,
  type RecordedRequest,
  syntaxOf,
} from './platform-state';

/*
 * A test approved platform: a real HTTP server on 127.0.0.1 implementing the XP Z12-013 Flow and Directory Services
 * and an OAuth2 token endpoint. The tests start it to run the connector against it; the demo start runs one so a
 * newcomer sees supplier invoices arrive. It is not a platform: no transmission to other platforms, no archive.
 */

export interface TestPlatform {
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  /** Every request received, for the tests to check against the XP Z12-013 documents. */
  requests: RecordedRequest[];
  flows: ReturnType<typeof platformState>['flows'];
  addClient(clientId: string, secret: string, organizations: string[] | 'any'): void;
  addDirectoryEntry(entry: DirectoryEntry): void;
  /** A supplier's invoice arriving for an organisation (a SIREN): an incoming flow, announced to its webhooks (answered when they answered). */
  deliver(organization: string, file: { name: string; bytes: Uint8Array }): Promise<Flow>;
  /** A status the buyer sets on an invoice the organisation deposited, announced to its webhooks. */
  buyerStatus(
    organization: string,
    number: string,
    code: LifecycleCode,
    reason?: { code: LifecycleReason; text: string },
  ): Promise<void>;
  /** Resolves once every webhook call made so far has been answered. */
  idle(): Promise<void>;
  /** Every call answers 503 while down. */
  setDown(down: boolean): void;
  /** The next `count` calls answer 429 with Retry-After. */
  rateLimit(count: number, retryAfterSeconds: number): void;
  /** The organisation's (a SIREN's) next e-reporting file is rejected (a walk through a correction). */
  rejectNextReport(organization: string): void;
  /** Every token issued so far stops being accepted (as if it had expired). */
  expireTokens(): void;
  /** Webhook calls made (and their answers), to wait for them in tests. */
  webhookCalls: { url: string; status: number | null }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, answer: Answer) {
  if (answer.file) {
    response.writeHead(answer.status, {
      'content-type': answer.file.type,
      'content-disposition': `attachment;filename="${encodeURIComponent(answer.file.name)}"`,
    });
    response.end(Buffer.from(answer.file.bytes));
    return;
  }
  if (answer.json === undefined) {
    response.writeHead(answer.status).end();
    return;
  }
  response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
}

/** Records each request, applies the faults switched on, then answers it. */
function handler(state: PlatformState, log: WebhookLog) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const service = url.pathname.startsWith('/directory-service')
      ? 'directory'
      : url.pathname.startsWith('/auth')
        ? 'auth'
        : 'flow';
    const record: RecordedRequest = {
      service,
      method: request.method ?? 'GET',
      path: url.pathname.replace(/^\/(flow|directory)-service/, ''),
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
    };
    state.requests.push(record);
    if (state.faults.down)
      return send(response, { status: 503, json: { errorCode: 'UNAVAILABLE', errorMessage: 'maintenance' } });
    if (state.faults.rateLimited > 0) {
      state.faults.rateLimited -= 1;
      response.setHeader('retry-after', String(state.faults.retryAfterSeconds));
      return send(response, { status: 429, json: { errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'slow down' } });
    }
    try {
      const answered = await answer(state, { raw: request, url, body, record });
      // The statuses of an accepted invoice exist before the depositor hears back; their webhooks follow.
      const statuses = answered.deposited ? await afterDeposit(state, answered.deposited) : [];
      send(response, answered);
      for (const flow of statuses) void announce(state, log, flow.organization, flowMetadata(flow));
    } catch (error) {
      send(response, { status: 400, json: { errorCode: 'INVALID_FORMAT', errorMessage: (error as Error).message } });
    }
  };
}

/** Calls each webhook of the organisation with the flow, signed; a failed call is only recorded (search is the net). */
type WebhookLog = { calls: TestPlatform['webhookCalls']; pending: Set<Promise<unknown>> };

async function announce(state: PlatformState, log: WebhookLog, organization: string, flow: Flow) {
  const calls: Promise<unknown>[] = [];
  for (const webhook of state.webhooks.filter((each) => each.organization === organization)) {
    if (webhook.flowDirection && webhook.flowDirection !== flow.flowDirection) continue;
    const payload = JSON.stringify(flow);
    const timestamp = Math.floor(Date.now() / 1000);
    const call = fetch(webhook.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'afnor-signature': state.sign(webhook, payload, timestamp),
        'afnor-signature-timestamp': String(timestamp),
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    })
      .then((answer) => log.calls.push({ url: webhook.callbackUrl, status: answer.status }))
      .catch(() => log.calls.push({ url: webhook.callbackUrl, status: null }));
    log.pending.add(call);
    calls.push(call.finally(() => log.pending.delete(call)));
  }
  await Promise.allSettled(calls);
}

export async function startTestPlatform(): Promise<TestPlatform> {
  const state = platformState();
  const webhookCalls: TestPlatform['webhookCalls'] = [];
  const pending = new Set<Promise<unknown>>();

  const server = createServer(handler(state, { calls: webhookCalls, pending }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    flowUrl: `${root}/flow-service`,
    directoryUrl: `${root}/directory-service`,
    tokenUrl: `${root}/auth/token`,
    requests: state.requests,
    flows: state.flows,
    webhookCalls,
    addClient: (clientId, secret, organizations) =>
      state.clients.set(clientId, { secret, organizations: organizations === 'any' ? 'any' : new Set(organizations) }),
    addDirectoryEntry: (entry) => state.directory.set(entry.siren, entry),
    async deliver(organization, file) {
      const syntax = syntaxOf(file.bytes) ?? 'UBL';
      const flow = state.addFlow({
        organization,
        direction: 'In',
        flowType: 'SupplierInvoice',
        info: { name: file.name, flowSyntax: syntax, processingRule: 'B2B', flowProfile: 'CIUS' },
        file: file.bytes,
        contentType: syntax === 'Factur-X' ? 'application/pdf' : 'application/xml',
      });
      const metadata = flowMetadata(flow);
      await announce(state, { calls: webhookCalls, pending }, organization, metadata);
      return metadata;
    },
    async buyerStatus(organization, number, code, reason) {
      const flow = buyerStatus(state, organization, number, code, reason);
      await announce(state, { calls: webhookCalls, pending }, organization, flowMetadata(flow));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    setDown: (down) => {
      state.faults.down = down;
    },
    rateLimit: (count, retryAfterSeconds) => {
      state.faults.rateLimited = count;
      state.faults.retryAfterSeconds = retryAfterSeconds;
    },
    rejectNextReport: (organization) => {
      state.faults.rejectReportOf.add(organization);
    },
    expireTokens: () => state.tokens.clear(),
    async close() {
      await Promise.allSettled([...pending]);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
