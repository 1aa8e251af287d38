import { BILLING_OPERATIONS } from './billing-operations';
import { BOOKS_OPERATIONS } from './books-operations';
import { CATALOGUE_OPERATIONS } from './catalogue-operations';
import type { Exempt, MatrixEntry } from './entry';
import { EXEMPT_OPERATIONS } from './exempt-operations';
import { FOLDER_OPERATIONS } from './folder-operations';
import { GARAGE_OPERATIONS } from './garage-operations';
import { NETWORK_OPERATIONS } from './network-operations';

export type { Exempt, MatrixEntry, Probe } from './entry';

const PARTS = [
  EXEMPT_OPERATIONS,
  GARAGE_OPERATIONS,
  FOLDER_OPERATIONS,
  CATALOGUE_OPERATIONS,
  BILLING_OPERATIONS,
  BOOKS_OPERATIONS,
  NETWORK_OPERATIONS,
];

/**
 * EVERY operation of the API, keyed `METHOD /path` as the OpenAPI document writes it, one file per area. The test
 * fails when a route has no entry, or an entry no route; an operation written in two files is refused here.
 */
export const MATRIX: Record<string, MatrixEntry | Exempt> = {};
for (const part of PARTS) {
  for (const [operation, entry] of Object.entries(part)) {
    if (operation in MATRIX) throw new Error(`${operation}: two matrix entries`);
    MATRIX[operation] = entry;
  }
}
