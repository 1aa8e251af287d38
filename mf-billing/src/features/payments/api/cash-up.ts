import { type CashUpBody, cashUpDaySchema, cashUpSchema } from 'contracts';
import { request } from 'shared-ui';

export const cashUpDayPath = (day: string) => `api/paiement/cash-up?day=${day}`;

/** GET /api/paiement/cash-up?day=: the selected garage's receipts of the day, and its till's closing if any. */
export const getCashUpDay = (day: string) => request(cashUpDayPath(day), cashUpDaySchema);

/** POST /api/paiement/cash-up: closes the day's till (answers the closing as kept). */
export const closeCashUp = (body: CashUpBody) =>
  request('api/paiement/cash-up', cashUpSchema, { method: 'post', json: body });

export const cashUpPdfUrl = (id: number) => `/api/paiement/cash-up/${id}/pdf`;
