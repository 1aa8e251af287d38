import { SIDEXA_TOKEN_HEADER } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, sidexaLookups, unitLedger } from '../../src/db/schema';

/** The calls of the vehicle search for one session cookie. */
export function sidexa(app: FastifyInstance, cookie: string) {
  const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  return {
    status: (folderId: number) => inject('GET', `/api/folder/${folderId}/sidexa-status`),
    consume: (folderId: number, companyId: number, scope = 'quotation') =>
      inject('POST', `/api/folder/${folderId}/jetons/create`, { companyId, scope }),
    scoped: (tokenId: string, registration: string, checkValidity = false, currentJWT?: string) =>
      inject('POST', '/api/token/generate-scoped', {
        payload: { scope: 'quotation', tokenId, registration },
        checkValidity,
        currentJWT,
      }),
    quotation: (folderId: number, token: string | undefined) =>
      inject(
        'GET',
        `/api/folder/${folderId}/sidexa-quotation`,
        undefined,
        token ? { [SIDEXA_TOKEN_HEADER]: token } : {},
      ),
    enrich: (folderId: number, token: string, selectedParts: { codpiece: string; ref: string }[], audatex = '') =>
      inject(
        'POST',
        `/api/folder/${folderId}/sidexa-quotation/enrich`,
        { selectedParts, audatex },
        { [SIDEXA_TOKEN_HEADER]: token },
      ),
    fees: (companyId: number, hourlyRate: unknown) => inject('POST', `/api/company/${companyId}/fees`, { hourlyRate }),
    table: (query = '') => inject('GET', `/api/sidexa/table${query}`),
    report: (lookupId: number) => inject('GET', `/api/sidexa/${lookupId}/report`),
  };
}

export async function setBalance(app: FastifyInstance, companyId: number, jeton: number) {
  await app.db.update(companies).set({ jeton }).where(eq(companies.id, companyId));
}

/** The Sidexa ledger rows of a folder. */
export async function sidexaLedger(app: FastifyInstance, folderId: number) {
  return app.db
    .select()
    .from(unitLedger)
    .where(and(eq(unitLedger.folderId, folderId), eq(unitLedger.kind, 'sidexa')));
}

export async function lookupsOf(app: FastifyInstance, folderId: number) {
  return app.db.select().from(sidexaLookups).where(eq(sidexaLookups.folderId, folderId));
}
