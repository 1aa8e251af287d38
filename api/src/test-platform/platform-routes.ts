import type { IncomingMessage } from 'node:http';
import { companyBySiren, searchDirectoryLines } from './directory-service';
import {
  type Answer,
  type Caller,
  createFlow,
  createWebhook,
  deleteWebhook,
  getFlow,
  listWebhooks,
  searchFlows,
} from './flow-service';
import type { PlatformState, RecordedRequest } from './platform-state';

/*
 * The test platform's requests to answers: the OAuth2 token endpoint, the caller's check (token and organisation),
 * then the Flow and Directory Services' operations by method and path.
 */

const TOKEN_SECONDS = 3600;

export interface PlatformRequest {
  raw: IncomingMessage;
  url: URL;
  body: Buffer;
  record: RecordedRequest;
}

function token(state: PlatformState, request: IncomingMessage, form: URLSearchParams): Answer {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const [id = '', secret = ''] = basic
    ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
    : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
  const client = state.clients.get(id);
  if (form.get('grant_type') !== 'client_credentials' || !client || client.secret !== secret)
    return { status: 401, json: { error: 'invalid_client' } };
  return {
    status: 200,
    json: { access_token: state.issueToken(id, TOKEN_SECONDS), token_type: 'Bearer', expires_in: TOKEN_SECONDS },
  };
}

/** The caller of an API request, or the refusal: a valid bearer token, for an organisation its client may act for. */
function caller(state: PlatformState, request: IncomingMessage): Caller | Answer {
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const session = state.tokens.get(bearer);
  if (!session || session.expiresAt < Date.now())
    return { status: 401, json: { errorCode: 'UNAUTHORIZED', errorMessage: 'invalid or expired token' } };
  const organization = String(request.headers['organization-id'] ?? '');
  const allowed = state.clients.get(session.clientId)?.organizations;
  if (!organization || (allowed !== 'any' && !allowed?.has(organization)))
    return { status: 403, json: { errorCode: 'FORBIDDEN', errorMessage: 'organization not allowed for this client' } };
  return { clientId: session.clientId, organization };
}

/** The JSON body, kept in the record for the tests' conformity check. */
function jsonBody<T>(request: PlatformRequest): T {
  request.record.body = request.body.length ? JSON.parse(request.body.toString('utf8')) : undefined;
  return request.record.body as T;
}

/** The multipart parts of a deposit, recorded (names, types, the JSON part's text) for the conformity check. */
async function formBody(request: PlatformRequest): Promise<FormData> {
  const form = await new Request(request.url, {
    method: 'POST',
    headers: { 'content-type': request.raw.headers['content-type'] ?? '' },
    body: new Uint8Array(request.body),
  }).formData();
  request.record.multipart = await Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string'
        ? { name, contentType: 'text/plain', text: value, size: value.length }
        : {
            name,
            contentType: value.type,
            text: value.type.includes('json') ? await value.text() : undefined,
            size: value.size,
          },
    ),
  );
  return form;
}

function flowOperation(state: PlatformState, who: Caller, request: PlatformRequest, path: string) {
  const method = request.raw.method;
  if (method === 'POST' && path === '/v1/flows/search') return searchFlows(state, who, jsonBody(request));
  const flowId = /^\/v1\/flows\/([^/]+)$/.exec(path)?.[1];
  const docType = request.url.searchParams.get('docType') ?? 'Metadata';
  if (method === 'GET' && flowId) return getFlow(state, who, decodeURIComponent(flowId), docType);
  if (method === 'POST' && path === '/v1/webhooks') return createWebhook(state, who, jsonBody(request));
  if (method === 'GET' && path === '/v1/webhooks') return listWebhooks(state, who);
  const webhookId = /^\/v1\/webhooks\/([^/]+)$/.exec(path)?.[1];
  if (method === 'DELETE' && webhookId) return deleteWebhook(state, who, webhookId);
  return undefined;
}

function directoryOperation(state: PlatformState, request: PlatformRequest, path: string) {
  const siren = /^\/v1\/siren\/code-insee:(.+)$/.exec(path)?.[1];
  if (request.raw.method === 'GET' && siren) return companyBySiren(state, decodeURIComponent(siren));
  if (request.raw.method === 'POST' && path === '/v1/directory-line/search')
    return searchDirectoryLines(state, jsonBody(request));
  return undefined;
}

export async function answer(state: PlatformState, request: PlatformRequest): Promise<Answer> {
  const path = request.url.pathname;
  if (request.raw.method === 'POST' && path === '/auth/token')
    return token(state, request.raw, new URLSearchParams(request.body.toString('utf8')));
  if (path.endsWith('/v1/healthcheck')) return { status: 200 };
  const who = caller(state, request.raw);
  if ('status' in who) return who;
  const flowPath = path.replace(/^\/flow-service/, '');
  if (request.raw.method === 'POST' && flowPath === '/v1/flows') return createFlow(state, who, await formBody(request));
  const found =
    flowOperation(state, who, request, flowPath) ??
    directoryOperation(state, request, path.replace(/^\/directory-service/, ''));
  return found ?? { status: 404, json: { errorCode: 'NOT_FOUND', errorMessage: `${request.raw.method} ${path}` } };
}
