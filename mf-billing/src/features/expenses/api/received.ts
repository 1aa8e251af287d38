import {
  incomingFlowListSchema,
  type ReceivedStatusBody,
  receivedInvoiceSchema,
  receptionSchema,
  syncResultSchema,
} from 'contracts';
import { request } from 'shared-ui';

/*
 * Supplier e-invoices received through the garage's approved platform (or imported by hand): the files that did
 * not become an expense, one received invoice, the status the garage sends back, « Relever la plateforme ».
 */

export const UNBOOKED_PATH = 'api/einvoicing/received';
export const receivedPath = (expenseId: number) => `api/einvoicing/expense/${expenseId}`;

export const unbookedFlows = () => request(UNBOOKED_PATH, incomingFlowListSchema);

export const receivedFileUrl = (flowId: number) => `/api/einvoicing/received/${flowId}/file`;

/** POST the file (Factur-X PDF, CII or UBL) received another way than the platform. */
export const importReceived = (body: FormData) =>
  request('api/einvoicing/received', receptionSchema, { method: 'post', body });

export const syncPlatform = (companyId: number) =>
  request(`api/company/${companyId}/einvoicing/sync`, syncResultSchema, { method: 'post' });

export const receivedInvoice = (expenseId: number) => request(receivedPath(expenseId), receivedInvoiceSchema);

export const setReceivedStatus = (expenseId: number, body: ReceivedStatusBody) =>
  request(`${receivedPath(expenseId)}/status`, receivedInvoiceSchema, { method: 'post', json: body });
