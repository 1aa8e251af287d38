import {
  type CheckoutPayBody,
  checkoutOrderListSchema,
  checkoutOrderSchema,
  checkoutPaidSchema,
  unitPacksSchema,
} from 'contracts';
import { request } from 'shared-ui';

export const getPacks = () => request('api/checkout/packs', unitPacksSchema);
export const getOrders = () => request('api/checkout/orders', checkoutOrderListSchema);
export const createOrder = (packId: string) =>
  request('api/checkout/orders', checkoutOrderSchema, { method: 'post', json: { packId } });
export const payOrder = (orderId: number, card: CheckoutPayBody) =>
  request(`api/checkout/orders/${orderId}/pay`, checkoutPaidSchema, { method: 'post', json: card });
export const orderInvoiceUrl = (orderId: number) => `/api/checkout/orders/${orderId}/invoice`;
