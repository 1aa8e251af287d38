import { FILE_TOO_LARGE_MESSAGE } from 'contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseInputMessage,
  isDatabaseUnavailable,
} from '../../lib/database-input-error';
import { isDomainError, type RefusalKind } from '../../lib/domain-error';

export const INTERNAL_ERROR_MESSAGE = 'Erreur interne du serveur';

/** French messages for the framework's own 4xx errors, whose texts are English and technical. */
const MESSAGES_BY_CODE: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE_MESSAGE,
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'La requête doit être de type multipart/form-data.',
  FST_FILES_LIMIT: 'Trop de fichiers envoyés.',
  FST_ERR_BAD_URL: 'Adresse invalide.',
  FST_ERR_MAX_PARAM_LENGTH: 'Adresse trop longue.',
};

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Session expirée, veuillez vous reconnecter',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  413: 'La requête est trop volumineuse.',
  415: 'Type de contenu non pris en charge.',
  429: 'Trop de requêtes, réessayez dans une minute.',
};

/** The one table from a domain refusal to its HTTP status. */
export const STATUS_OF_REFUSAL: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-type': 415,
  'too-many': 429,
  // The one refusal in the 5xx: the server sheds load and says so (the client waits for Retry-After).
  unavailable: 503,
  // The specification answers a spending the balance cannot pay with a 401 and the purchase page to go to.
  'no-units': 401,
};

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';

/**
 * The error body, written as it is: not through the route's response schema, which may shape its own refusals
 * differently (`{ code, error }` of the notification settings) and would turn this answer into a 500.
 */
const refuse = (
  reply: FastifyReply,
  status: number,
  message: string | undefined,
  extra?: Readonly<Record<string, string | string[]>>,
) =>
  reply
    .code(status)
    // A custom serializer leaves the type unset: said here, so the no-store and request-id hooks see JSON.
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ message: message ?? 'Requête invalide', ...extra, statusCode: status });

/** The one place that turns errors into answers: a French message, never internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return refuse(reply, 400, error.validation[0]?.message || MESSAGES_BY_STATUS[400]);
      }
      if (isDomainError(error)) return refuse(reply, STATUS_OF_REFUSAL[error.kind], error.message, error.extra);
      const databaseRefusal = databaseInputMessage(error);
      if (databaseRefusal) {
        // The client's value, not a fault of ours; logged all the same, a contract may be worth tightening.
        request.log.warn({ err: error }, 'value refused by the database');
        return refuse(reply, 400, databaseRefusal);
      }
      if (isDatabaseUnavailable(error)) {
        // Restarting or failing over: the client may try again (a call cut off here has not committed, but for the rare
        // commit whose answer was lost with the connection).
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '2');
        return refuse(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
      }
      const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
      if (status >= 400 && status < 500 && isFastifyError(error)) {
        return refuse(
          reply,
          status,
          MESSAGES_BY_CODE[error.code] ?? MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400],
        );
      }
      request.log.error({ err: error }, 'unhandled error');
      return refuse(reply, 500, INTERNAL_ERROR_MESSAGE);
    });
  },
  { name: 'error-handler' },
);

/**
 * Fastify's `frameworkErrors`: the router answers a broken URL (`/api/folder/%`) or a path parameter past
 * `maxParamLength` by itself, before any error handler, in English; this answers them in French.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) return refuse(reply, 500, INTERNAL_ERROR_MESSAGE);
  return refuse(reply, status, MESSAGES_BY_CODE[error.code] ?? MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]);
}
