import { errorBodySchema } from 'contracts';

/** The statuses a route may refuse with; each answers `{ message, statusCode }` in French (the error handler). */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/**
 * The refusals a route documents in its schema, each with the one error body: `errorResponses(400, 401, 404)` in
 * place of a map written by hand in every route file. Fastify checks the answer against it and the OpenAPI document
 * lists it.
 */
export function errorResponses<S extends RefusalStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
