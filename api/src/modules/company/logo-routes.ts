import {
  companyIdParamsSchema,
  companyLogoQuerySchema,
  companyLogoResponseSchema,
  GARAGE_ADMIN_PICK_GARAGE,
  LOGO_MAX_BYTES,
  LOGO_NOT_FOUND_MESSAGE,
  LOGO_REQUIRED_MESSAGE,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_REFUSED_MESSAGE,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound, tooLarge, unsupportedType } from '../../lib/domain-error';
import { detectFileKind } from '../../lib/file-kind';
import { bufferPart, FORM_DATA_EXPECTED } from '../../lib/form-data';
import { errorResponses } from '../../lib/route-errors';
import { companyToManage } from '../../plugins/app/auth';
import { readableLogo, removeLogo, saveLogo } from './logo-repository';

const tags = ['company'];
const errors = errorResponses(400, 401, 403, 404, 413, 415);
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The garage whose logo changes: one the caller manages (companySettings held there), never TOUT. */
const companyToEdit = (request: FastifyRequest, companyId: number): number =>
  companyToManage(request, companyId, 'companySettings', GARAGE_ADMIN_PICK_GARAGE);

/** The `file` part, read with the logo's own 1 MB limit rather than the app's 16 MB. */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedType(FORM_DATA_EXPECTED);
  let logo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file') logo = await bufferPart(request, part);
      else part.file.resume(); // an unread stream would stall the loop
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LOGO_TOO_LARGE_MESSAGE);
    throw error;
  }
  if (!logo || logo.length === 0) throw invalid(LOGO_REQUIRED_MESSAGE);
  return logo;
}

/**
 * The garage's logo: uploaded and removed by its admins, read by its users and by the other centres of its
 * franchise (the account drawer of a centre may show the network's logo). Drawn on its invoices too.
 */
export const companyLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companySettings');

  app.post(
    '/api/company/:companyId/logo',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Replaces the garage’s logo (form data, one file `file`)',
        description: '1 MB at most (413); PNG, JPEG or WebP recognised by content, whatever its name (415).',
        params: companyIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: companyLogoResponseSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = companyToEdit(request, request.params.companyId);
      const content = await readLogo(request);
      const mimeType = detectFileKind(content);
      if (!mimeType || !LOGO_TYPES.has(mimeType)) throw unsupportedType(LOGO_TYPE_REFUSED_MESSAGE);
      const logoUrl = await saveLogo(app.db, companyId, mimeType, content);
      return { logoUrl };
    },
  );

  app.delete(
    '/api/company/:companyId/logo',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Removes the garage’s logo (none afterwards: the default picture is shown)',
        params: companyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToEdit(request, request.params.companyId);
      await removeLogo(app.db, companyId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/company/:companyId/logo',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags,
        summary: 'The logo’s bytes, for a user of the garage or of a garage of the same franchise',
        params: companyIdParamsSchema,
        querystring: companyLogoQuerySchema,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const mine = request.auth.memberships.map((m) => m.companyId);
      const logo = await readableLogo(app.db, mine, request.params.companyId);
      if (!logo) throw notFound(LOGO_NOT_FOUND_MESSAGE);
      return (
        reply
          .type(logo.mimeType)
          .header('x-content-type-options', 'nosniff')
          // A versioned URL never changes content; a bare one must be checked again.
          .header('cache-control', request.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache')
          .send(logo.content)
      );
    },
  );
};
