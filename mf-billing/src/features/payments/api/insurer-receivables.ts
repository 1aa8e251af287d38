import {
  type InsurerApplyBody,
  type InsurerRemindBody,
  type InsurerTransferBody,
  insurerInvoicesSchema,
  insurerReceivablesSchema,
  insurerRemindResultSchema,
  insurerTransferSchema,
} from 'contracts';
import { request } from 'shared-ui';

export const RECEIVABLES_PATH = 'api/paiement/receivables/insurers';

/** GET /api/paiement/receivables/insurers: what each insurer owes, by age. */
export const getInsurerReceivables = () => request(RECEIVABLES_PATH, insurerReceivablesSchema);

export const insurerInvoicesPath = (insurer: string, siren: string) =>
  `${RECEIVABLES_PATH}/invoices?${new URLSearchParams({ insurer, siren })}`;

/** GET /api/paiement/receivables/insurers/invoices: one insurer's unpaid invoices, oldest first. */
export const getInsurerInvoices = (insurer: string, siren: string) =>
  request(insurerInvoicesPath(insurer, siren), insurerInvoicesSchema);

/** POST /api/paiement/receivables/transfer: one transfer settling the chosen invoices, oldest first. */
export const recordInsurerTransfer = (body: InsurerTransferBody) =>
  request('api/paiement/receivables/transfer', insurerTransferSchema, { method: 'post', json: body });

/** POST /api/paiement/receivables/apply: what the insurer left on account applied to the chosen invoices. */
export const applyInsurerOnAccount = (body: InsurerApplyBody) =>
  request('api/paiement/receivables/apply', insurerTransferSchema, { method: 'post', json: body });

/** POST /api/paiement/receivables/remind: the insurer of each invoice past due reminded now by e-mail. */
export const remindInsurerInvoices = (body: InsurerRemindBody) =>
  request('api/paiement/receivables/remind', insurerRemindResultSchema, { method: 'post', json: body });
