import { FILE_TOO_LARGE_MESSAGE } from 'contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isHttpError } from '../../lib/http-error';

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

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';

/** The one place that turns errors into answers: a French message, never internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = error.validation[0]?.message || MESSAGES_BY_STATUS[400];
        return reply.code(400).send({ message, statusCode: 400 });
      }
      if (isHttpError(error) && error.statusCode < 500) {
        return reply.code(error.statusCode).send({ message: error.message, statusCode: error.statusCode });
      }
      const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
      if (status >= 400 && status < 500 && isFastifyError(error)) {
        const message = MESSAGES_BY_CODE[error.code] ?? MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400];
        return reply.code(status).send({ message, statusCode: status });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE, statusCode: 500 });
    });
  },
  { name: 'error-handler' },
);
