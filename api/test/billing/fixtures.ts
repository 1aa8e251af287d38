import {
  type BillingDocument,
  type DocumentBody,
  type DocumentLineBody,
  type DocumentType,
  documentSchema,
} from 'contracts';
import type { FastifyInstance } from 'fastify';

/** A line as the form sends it (prices typed in euros). */
export const line = (values: Partial<DocumentLineBody> = {}): DocumentLineBody => ({
  title: 'Pare-brise',
  quantity: 1,
  preTaxAmount: '100,00',
  position: 1,
  ...values,
});

/** A document body with a typed customer and one line. */
/** Where test buyers live: an invoice is issued only to a buyer with a full address (the issue-time gate). */
export const BUYER_ADDRESS = { address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' };

/** A document body; a buyer given by its name alone gets BUYER_ADDRESS (null: the folder's buyer). */
export const body = (values: Partial<DocumentBody> = {}): DocumentBody => ({
  lines: [line()],
  ...values,
  customer: values.customer === null ? null : { name: 'Client Essai', ...BUYER_ADDRESS, ...values.customer },
});

/** The calls of the documents API for one session cookie. */
export function billing(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    call,
    create: async (type: DocumentType, payload: DocumentBody = body()): Promise<number> => {
      const response = await call('POST', `/api/quotation/new/${type}`, payload);
      if (response.statusCode !== 201) throw new Error(`create ${type}: ${response.statusCode} ${response.body}`);
      return (response.json() as { id: number }).id;
    },
    read: async (id: number): Promise<BillingDocument> => {
      const response = await call('GET', `/api/quotation/${id}`);
      if (response.statusCode !== 200) throw new Error(`read ${id}: ${response.statusCode} ${response.body}`);
      return documentSchema.parse(response.json());
    },
    /** Issues a draft (`cessionOverride`: an insurer invoice whose folder has no signed cession). */
    issue: async (id: number, cessionOverride?: string): Promise<BillingDocument> => {
      const response = await call(
        'POST',
        `/api/quotation/${id}/issue`,
        cessionOverride ? { cessionOverride } : undefined,
      );
      if (response.statusCode !== 200) throw new Error(`issue ${id}: ${response.statusCode} ${response.body}`);
      return documentSchema.parse(response.json());
    },
    invoice: async (id: number, deductible: string | null = null): Promise<number[]> => {
      const response = await call('POST', `/api/quotation/${id}/invoice`, { deductible });
      if (response.statusCode !== 201) throw new Error(`invoice ${id}: ${response.statusCode} ${response.body}`);
      return (response.json() as { ids: number[] }).ids;
    },
  };
}
