import {
  CUSTOMER_MATCHES_PATH,
  type CustomerMatch,
  type CustomerMatchesQuery,
  customerMatchesSchema,
  customerTakeoverSchema,
  customerTakePath,
  isSivPlate,
} from 'contracts';
import { request } from 'shared-ui';

/** What is worth asking of what was typed: a whole plate, a phone of nine digits or more, an e-mail, three letters of a name. */
export function worthAsking(typed: CustomerMatchesQuery): CustomerMatchesQuery | null {
  const query: CustomerMatchesQuery = {};
  if (typed.plate && isSivPlate(typed.plate)) query.plate = typed.plate;
  if (typed.phone && typed.phone.replace(/\D/g, '').length >= 9) query.phone = typed.phone;
  if (typed.email?.includes('@')) query.email = typed.email;
  if (typed.lastName && typed.lastName.trim().length >= 3) query.lastName = typed.lastName.trim();
  return Object.keys(query).length > 0 ? query : null;
}

/** The cache key of one question: its path and its query string. */
export const customerMatchesPath = (query: CustomerMatchesQuery) =>
  `${CUSTOMER_MATCHES_PATH}?${new URLSearchParams(query as Record<string, string>)}`;

/** GET /api/customer/matches: the selected garage's customers sharing what was typed. */
export const getCustomerMatches = (query: CustomerMatchesQuery) =>
  request(CUSTOMER_MATCHES_PATH, customerMatchesSchema, { searchParams: query });

/** POST /api/customer/matches/{source}/{id}: « Reprendre », the customer's details and vehicle. */
export const takeCustomer = (match: Pick<CustomerMatch, 'source' | 'id'>) =>
  request(customerTakePath(match.source, match.id), customerTakeoverSchema, { method: 'post' });
