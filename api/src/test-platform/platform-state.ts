import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type {
  DirectoryLine,
  Flow,
  FlowDirection,
  FlowInfo,
  FlowSyntax,
  FlowType,
  LegalUnit,
} from '../modules/einvoicing/platform/xp-z12-013';
import type { ReportCheck } from './report-check';

/*
 * What the test platform holds, in memory: its OAuth2 clients and tokens, every flow of every organisation (a
 * SIREN), the webhooks, the directory, and the faults a test switches on (down, rate-limited, tokens expired). The
 * HTTP side (server.ts) only reads and writes this.
 */

export interface StoredFlow extends Flow {
  organization: string;
  file: Uint8Array;
  contentType: string;
  /** An e-reporting file's check (report-check.ts): how the next report of its period is judged. */
  report?: ReportCheck;
}

export interface RecordedRequest {
  service: 'flow' | 'directory' | 'auth';
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  multipart?: { name: string; contentType: string; text?: string; size: number }[];
}

export interface Webhook {
  webhookId: string;
  clientId: string;
  organization: string;
  callbackUrl: string;
  flowDirection?: FlowDirection;
  signingKey: Buffer;
  createdAt: string;
}

export interface DirectoryEntry extends LegalUnit {
  siren: string;
  lines: DirectoryLine[];
}

export function platformState() {
  const clients = new Map<string, { secret: string; organizations: Set<string> | 'any' }>();
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const flows: StoredFlow[] = [];
  const webhooks: Webhook[] = [];
  const directory = new Map<string, DirectoryEntry>();
  const requests: RecordedRequest[] = [];
  const faults = {
    down: false,
    rateLimited: 0,
    retryAfterSeconds: 1,
    /** The organisations (SIRENs) whose next e-reporting file is rejected. */
    rejectReportOf: new Set<string>(),
  };
  let clock = 0;

  /** Strictly increasing instants: two flows never share an `updatedAt`, so a search « after » one never skips the other. */
  const now = () => {
    clock = Math.max(clock + 1, Date.now());
    return new Date(clock).toISOString();
  };

  return {
    clients,
    tokens,
    flows,
    webhooks,
    directory,
    requests,
    faults,
    now,

    issueToken(clientId: string, lifetimeSeconds: number) {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { clientId, expiresAt: Date.now() + lifetimeSeconds * 1000 });
      return token;
    },

    addFlow(input: {
      organization: string;
      direction: FlowDirection;
      flowType: FlowType;
      info: FlowInfo;
      file: Uint8Array;
      contentType: string;
      ack?: Flow['acknowledgement'];
      report?: ReportCheck;
    }): StoredFlow {
      const at = now();
      const flow: StoredFlow = {
        ...input.info,
        flowId: randomUUID(),
        submittedAt: at,
        updatedAt: at,
        flowType: input.flowType,
        flowDirection: input.direction,
        flowProfile: input.info.flowProfile ?? 'Undefined',
        processingRule: input.info.processingRule ?? 'Undefined',
        processingRuleSource: input.info.processingRule ? 'Input' : 'Computed',
        sha256: createHash('sha256').update(input.file).digest('hex'),
        acknowledgement: input.ack ?? { status: 'Ok' },
        organization: input.organization,
        file: input.file,
        contentType: input.contentType,
        ...(input.report ? { report: input.report } : {}),
      };
      flows.push(flow);
      return flow;
    },

    /** The signature XP Z12-013 describes: HMAC-SHA-256, with the webhook's key, of SHA-256(payload « @ » timestamp). */
    sign(webhook: Webhook, payload: string, timestamp: number) {
      const fingerprint = createHash('sha256').update(`${payload}@${timestamp}`).digest();
      return createHmac('sha256', webhook.signingKey).update(fingerprint).digest('base64');
    },
  };
}

export type PlatformState = ReturnType<typeof platformState>;

/** The flow metadata as the API answers it: the stored flow without its file and tenant. */
export function flowMetadata(flow: StoredFlow): Flow {
  const { organization: _organization, file: _file, contentType: _contentType, report: _report, ...metadata } = flow;
  return metadata;
}

/** The syntax a file is, by content: what a real platform checks before it accepts a flow. */
export function syntaxOf(bytes: Uint8Array): FlowSyntax | null {
  const head = Buffer.from(bytes.subarray(0, 400)).toString('utf8');
  if (head.startsWith('%PDF-')) return 'Factur-X';
  if (/CrossIndustryInvoice/.test(head)) return 'CII';
  if (/CrossDomainAcknowledgementAndResponse/.test(head)) return 'CDAR';
  if (/<(\w+:)?(Invoice|CreditNote)\b/.test(head)) return 'UBL';
  if (/<Report>/.test(head)) return 'FRR';
  return null;
}
