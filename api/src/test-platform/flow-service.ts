import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  FlowDirection,
  FlowInfo,
  FlowSyntax,
  FlowType,
  SearchFlowFilters,
} from '../modules/einvoicing/platform/xp-z12-013';
import { flowMetadata, type PlatformState, type StoredFlow, syntaxOf } from './platform-state';
import { checkReport, type ReportCheck } from './report-check';

/*
 * The Flow Service of the test platform (XP Z12-013 1.3.0): deposit, search, download, webhooks. Each handler gets
 * the caller's client and organisation (checked by server.ts) and answers a status and a body.
 */

export interface Caller {
  clientId: string;
  organization: string;
}
export type Answer = {
  status: number;
  json?: unknown;
  file?: { bytes: Uint8Array; name: string; type: string };
  /** An invoice this request deposited and the platform accepted: its statuses follow (lifecycle.ts). */
  deposited?: StoredFlow;
};

const error = (status: number, errorCode: string, errorMessage: string): Answer => ({
  status,
  json: { errorCode, errorMessage },
});

const SYNTAXES: FlowSyntax[] = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'];

/** What a deposited flow is, from the depositor's side: its invoice, a status on a supplier's invoice, a report. */
const OUT_TYPES: Record<FlowSyntax, FlowType> = {
  CII: 'CustomerInvoice',
  UBL: 'CustomerInvoice',
  'Factur-X': 'CustomerInvoice',
  CDAR: 'SupplierInvoiceLC',
  FRR: 'MultiFlowReport',
};

/** A lifecycle message is about the sender's own invoice when it sends it as the seller (212 Encaissée). */
function outType(syntax: FlowSyntax, bytes: Uint8Array): FlowType {
  if (syntax !== 'CDAR') return OUT_TYPES[syntax];
  const sender =
    /<ram:SenderTradeParty>[\s\S]*?<\/ram:SenderTradeParty>/.exec(new TextDecoder().decode(bytes))?.[0] ?? '';
  return /<ram:RoleCode>SE<\/ram:RoleCode>/.test(sender) ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC';
}

/** An e-reporting file checked against the organisation's earlier reports; an organisation's next one rejected when a test asks. */
function judgeReport(state: PlatformState, caller: Caller, bytes: Uint8Array): ReportCheck {
  const earlier = state.flows.flatMap((flow) =>
    flow.organization === caller.organization && flow.report ? [{ flow, check: flow.report }] : [],
  );
  // Only the organisation asked for: another garage's report deposited meanwhile is judged on its own.
  const forced = state.faults.rejectReportOf.delete(caller.organization);
  try {
    return checkReport(bytes, caller.organization, earlier, forced);
  } catch {
    return {
      flowType: 'MultiFlowReport',
      reportId: '',
      periodKey: '',
      problem: { reasonCode: 'REJ_SEMAN', reasonMessage: 'Fichier d’e-reporting illisible' },
    };
  }
}

export async function createFlow(state: PlatformState, caller: Caller, form: FormData): Promise<Answer> {
  const infoPart = form.get('flowInfo');
  const file = form.get('file');
  if (!(file instanceof Blob) || infoPart === null)
    return error(400, 'MISSING_REQUIRED_FIELD', 'flowInfo and file are required');
  let info: FlowInfo;
  try {
    info = JSON.parse(typeof infoPart === 'string' ? infoPart : await infoPart.text()) as FlowInfo;
  } catch {
    return error(400, 'INVALID_FORMAT', 'flowInfo is not JSON');
  }
  if (!info.name || !SYNTAXES.includes(info.flowSyntax))
    return error(400, 'INVALID_FORMAT', 'name and flowSyntax are required');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) return error(422, 'EmptyFlow', 'The binary flow is empty');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const already = info.trackingId
    ? state.flows.find(
        (flow) =>
          flow.organization === caller.organization &&
          flow.trackingId === info.trackingId &&
          flow.flowDirection === 'Out',
      )
    : undefined;
  const detected = syntaxOf(bytes);
  const report = detected === 'FRR' && info.flowSyntax === 'FRR' ? judgeReport(state, caller, bytes) : undefined;
  const problem =
    info.sha256 && info.sha256 !== sha256
      ? { reasonCode: 'ChecksumMismatch', reasonMessage: 'sha256 differs from the file' }
      : already
        ? { reasonCode: 'AlreadyExistingFlow', reasonMessage: `trackingId ${info.trackingId} already deposited` }
        : detected !== info.flowSyntax
          ? { reasonCode: 'FlowTypeError', reasonMessage: `file is ${detected ?? 'unknown'}, not ${info.flowSyntax}` }
          : (report?.problem ?? null);
  const flow = state.addFlow({
    organization: caller.organization,
    direction: 'Out',
    flowType: report?.flowType ?? outType(info.flowSyntax, bytes),
    info,
    ...(report ? { report } : {}),
    file: bytes,
    contentType: file.type || 'application/octet-stream',
    ack: problem ? { status: 'Error', details: [{ level: 'Error', item: 'file', ...problem }] } : { status: 'Ok' },
  });
  const { flowId, submittedAt, trackingId, name, processingRule, flowSyntax, flowProfile } = flow;
  return {
    status: 202,
    json: { flowId, submittedAt, trackingId, name, processingRule, flowSyntax, flowProfile, sha256 },
    ...(!problem && flow.flowType === 'CustomerInvoice' ? { deposited: flow } : {}),
  };
}

const matches = (flow: StoredFlow, where: SearchFlowFilters) =>
  (!where.updatedAfter || flow.updatedAt > new Date(where.updatedAfter).toISOString()) &&
  (!where.updatedBefore || flow.updatedAt <= new Date(where.updatedBefore).toISOString()) &&
  (!where.flowDirection?.length || where.flowDirection.includes(flow.flowDirection)) &&
  (!where.flowType?.length || where.flowType.includes(flow.flowType)) &&
  (!where.processingRule?.length || where.processingRule.includes(flow.processingRule)) &&
  (!where.trackingId || flow.trackingId === where.trackingId) &&
  (!where.ackStatus || flow.acknowledgement.status === where.ackStatus);

export function searchFlows(
  state: PlatformState,
  caller: Caller,
  body: { where?: SearchFlowFilters; limit?: number; cursor?: string },
): Answer {
  if (!body?.where) return error(400, 'MISSING_REQUIRED_FIELD', 'where is required');
  const limit = Math.min(Math.max(body.limit ?? 25, 1), 100);
  const start = body.cursor ? Number(Buffer.from(body.cursor, 'base64').toString('utf8')) : 0;
  const found = state.flows
    .filter((flow) => flow.organization === caller.organization && matches(flow, body.where ?? {}))
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  const page = found.slice(start, start + limit);
  const next = start + limit < found.length ? Buffer.from(String(start + limit)).toString('base64') : undefined;
  return {
    status: 200,
    json: { limit, filters: body.where, results: page.map(flowMetadata), ...(next ? { nextCursor: next } : {}) },
  };
}

export function getFlow(state: PlatformState, caller: Caller, flowId: string, docType: string): Answer {
  const flow = state.flows.find((each) => each.flowId === flowId && each.organization === caller.organization);
  if (!flow) return error(404, 'NOT_FOUND', 'flow not found');
  if (docType === 'Metadata') return { status: 200, json: flowMetadata(flow) };
  if (docType !== 'Original') return error(404, 'NOT_FOUND', `no ${docType} document for this flow`);
  return { status: 200, file: { bytes: flow.file, name: flow.name, type: flow.contentType } };
}

export function createWebhook(
  state: PlatformState,
  caller: Caller,
  body: { callbackUrl?: string; flowDirection?: FlowDirection },
): Answer {
  if (!body?.callbackUrl || !URL.canParse(body.callbackUrl))
    return error(400, 'INVALID_FORMAT', 'callbackUrl is required');
  const webhook = {
    webhookId: randomUUID(),
    clientId: caller.clientId,
    organization: caller.organization,
    callbackUrl: body.callbackUrl,
    flowDirection: body.flowDirection,
    signingKey: randomBytes(32),
    createdAt: state.now(),
  };
  state.webhooks.push(webhook);
  return {
    status: 201,
    json: {
      webhookId: webhook.webhookId,
      signingKey: webhook.signingKey.toString('base64'),
      createdAt: webhook.createdAt,
      callbackUrl: webhook.callbackUrl,
      ...(body.flowDirection ? { flowDirection: body.flowDirection } : {}),
    },
  };
}

export function deleteWebhook(state: PlatformState, caller: Caller, webhookId: string): Answer {
  const index = state.webhooks.findIndex((each) => each.webhookId === webhookId && each.clientId === caller.clientId);
  if (index < 0) return error(404, 'NOT_FOUND', 'webhook not found');
  state.webhooks.splice(index, 1);
  return { status: 204 };
}

export function listWebhooks(state: PlatformState, caller: Caller): Answer {
  return {
    status: 200,
    json: state.webhooks
      .filter((each) => each.clientId === caller.clientId && each.organization === caller.organization)
      .map(({ webhookId, callbackUrl, createdAt, flowDirection }) => ({
        webhookId,
        callbackUrl,
        createdAt,
        flowDirection,
      })),
  };
}
