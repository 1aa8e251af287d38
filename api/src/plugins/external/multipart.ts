import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** 16 MB (spec section 9), also enforced by the browser. */
export const MAX_UPLOAD_BYTES = 16_777_216;
export const FILE_TOO_LARGE_MESSAGE = 'Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.';

export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10 } });
  },
  { name: 'multipart' },
);
