import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from 'contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10 } });
  },
  { name: 'multipart' },
);
