import { randomUUID } from 'node:crypto';
import { bearerToken, type ClientCredentials, forgetToken } from './oauth-token';
import { PlatformError, platformFailure } from './platform-error';
import type {
  DirectoryLine,
  Flow,
  FlowInfo,
  FullFlowInfo,
  LegalUnit,
  SearchFlowContent,
  SearchFlowFilters,
  WebhookCreated,
} from './xp-z12-013';

/*
 * The connector to a garage's approved platform, through the standard API every one offers (AFNOR XP Z12-013 1.3.0:
 * Flow Service and Directory Service). Every call carries the bearer token, a Request-Id and the garage as
 * Organization-Id (one client of a network acts for each of its garages). Failures come out as PlatformError,
 * sorted into « try again later » and « the garage must fix this ».
 */

export interface PlatformAccess extends ClientCredentials {
  flowUrl: string;
  directoryUrl: string;
}

const TIMEOUT_MS = 15_000;
type Service = 'flow' | 'directory';

/** Sends one request with the token, a Request-Id and the organisation; a 401 gets one new token and one new try. */
function transport(access: PlatformAccess, organizationId: string) {
  const root = (service: Service) => (service === 'flow' ? access.flowUrl : access.directoryUrl).replace(/\/+$/, '');

  async function send(service: Service, method: string, path: string, body?: BodyInit, contentType?: string) {
    const attempt = async () => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await bearerToken(access, TIMEOUT_MS)}`,
        'request-id': randomUUID(),
        accept: 'application/json, application/octet-stream',
      };
      if (organizationId) headers['organization-id'] = organizationId;
      if (contentType) headers['content-type'] = contentType;
      return fetch(`${root(service)}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    };
    try {
      let response = await attempt();
      // A token the platform revoked or let expire before our clock said so: one new token, one new try.
      if (response.status === 401) {
        forgetToken(access);
        response = await attempt();
      }
      return response;
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw new PlatformError(`Plateforme injoignable (${(error as Error).message})`, null, true);
    }
  }

  async function json<T>(what: string, service: Service, method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(
      service,
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
    );
    if (!response.ok) throw await platformFailure(response, what);
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  return { send, json };
}

export function platformClient(access: PlatformAccess, organizationId: string) {
  const { send, json } = transport(access, organizationId);
  return {
    async health(service: Service): Promise<void> {
      const response = await send(service, 'GET', '/v1/healthcheck');
      if (!response.ok) throw await platformFailure(response, service === 'flow' ? 'Service des flux' : 'Annuaire');
    },

    /** Deposits one file (an invoice, a lifecycle status, an e-reporting) with its flowInfo. */
    async createFlow(info: FlowInfo, file: { bytes: Uint8Array; contentType: string }): Promise<FullFlowInfo> {
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }));
      form.append('file', new Blob([Buffer.from(file.bytes)], { type: file.contentType }), info.name);
      const response = await send('flow', 'POST', '/v1/flows', form);
      if (!response.ok) throw await platformFailure(response, 'Dépôt du flux');
      return (await response.json()) as FullFlowInfo;
    },

    searchFlows(where: SearchFlowFilters, cursor?: string, limit = 100): Promise<SearchFlowContent> {
      return json('Recherche des flux', 'flow', 'POST', '/v1/flows/search', {
        where,
        limit,
        ...(cursor ? { cursor } : {}),
      });
    },

    getFlow(flowId: string): Promise<Flow> {
      return json('Lecture du flux', 'flow', 'GET', `/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`);
    },

    /** The file of a flow as its emitter sent it. */
    async getFlowFile(flowId: string): Promise<{ bytes: Uint8Array; fileName: string | null }> {
      const response = await send('flow', 'GET', `/v1/flows/${encodeURIComponent(flowId)}?docType=Original`);
      if (!response.ok) throw await platformFailure(response, 'Téléchargement du flux');
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
      return { bytes: new Uint8Array(await response.arrayBuffer()), fileName: name ? decodeURIComponent(name) : null };
    },

    createWebhook(callbackUrl: string): Promise<WebhookCreated> {
      return json('Abonnement aux notifications', 'flow', 'POST', '/v1/webhooks', {
        callbackUrl,
        flowDirection: 'In',
      });
    },

    async deleteWebhook(webhookId: string): Promise<void> {
      const response = await send('flow', 'DELETE', `/v1/webhooks/${encodeURIComponent(webhookId)}`);
      if (!response.ok && response.status !== 404) throw await platformFailure(response, 'Désabonnement');
    },

    companyBySiren(siren: string): Promise<LegalUnit> {
      return json('Annuaire (SIREN)', 'directory', 'GET', `/v1/siren/code-insee:${siren}`);
    },

    /** The directory lines (electronic addresses) of a SIREN. */
    async directoryLines(siren: string): Promise<DirectoryLine[]> {
      const found = await json<{ results?: DirectoryLine[] }>(
        'Annuaire (lignes)',
        'directory',
        'POST',
        '/v1/directory-line/search',
        {
          filters: { siren: { op: 'strict', value: siren } },
        },
      );
      return found.results ?? [];
    },
  };
}

export type PlatformClient = ReturnType<typeof platformClient>;
