import { type StockMovementBody, stockMovedSchema, stockMovementListSchema, stockRowSchema } from 'contracts';
import { pagedFetcher, request, send } from 'shared-ui';

/** GET /api/stock/list: the selected garage's stock (shared paging). */
export const stockFetcher = pagedFetcher('api/stock/list', stockRowSchema);

/** POST /api/stock/movements: answers the new quantity. */
export const moveStock = (body: StockMovementBody) =>
  request('api/stock/movements', stockMovedSchema, { method: 'post', json: body });

export const getMovements = (productId: number) => request(`api/stock/${productId}/movements`, stockMovementListSchema);

export const saveThreshold = (productId: number, threshold: number) =>
  send(`api/stock/${productId}/threshold`, { method: 'put', json: { threshold } });
