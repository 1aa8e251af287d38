import {
  ARCHIVE_NOT_FOUND,
  archiveBodySchema,
  archiveListSchema,
  archivePublicKeySchema,
  archiveSchema,
  errorBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { logEvent } from '../ledger/events';
import { createArchive } from './archive';
import { archiveFile, listArchives } from './archive-queries';

const tags = ['integrity'];
const errors = errorResponses(400, 401, 403);
const companyParams = z.object({
  companyId: z.coerce.number({ message: 'Identifiant de garage invalide' }).int().min(1),
});

/**
 * A garage's signed archives, for who answers for its books: the list, an archive of a period made on
 * demand, the download of one (an export of the garage's log), the instance's public key. Nothing deletes one.
 */
export const archivesRoutes: FastifyPluginAsyncZod = async (app) => {
  const keepers = app.requirePermission('integrity');
  // requirePermission narrowed the scope to the garages where the caller holds it: the garage asked must be one.
  const ownGarage = assertCompanyInScope;

  app.get(
    '/api/integrity/public-key',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'The instance’s archive-signing Ed25519 public key (PEM) and its SHA-256 fingerprint (DER form)',
        response: { 200: archivePublicKeySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => {
      // The key of the file or the environment, never the database's copy of its public half.
      const key = await app.ledgerAnchors.signingKey();
      return { algorithm: 'Ed25519' as const, publicKey: key.publicKey, fingerprint: key.fingerprint };
    },
  );

  app.get(
    '/api/integrity/:companyId/archives',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'The garage’s signed archives, newest first (period, file, size, SHA-256, made when and by whom)',
        params: companyParams,
        response: { 200: archiveListSchema, ...errors },
      },
    },
    async (request) => {
      ownGarage(request, request.params.companyId);
      return listArchives(app.db, request.params.companyId);
    },
  );

  app.post(
    '/api/integrity/:companyId/archives',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary:
          'Makes the signed archive of a period (Paris days Du and Au, both included, at most 366, up to today): chained and logged',
        params: companyParams,
        body: archiveBodySchema,
        response: { 201: archiveSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      ownGarage(request, companyId);
      const made = await createArchive(app.db, app.ledgerAnchors, {
        companyId,
        kind: 'period',
        from: request.body.from,
        to: request.body.to,
        userId: request.auth.userId,
      });
      const [listed] = made ? await listArchives(app.db, companyId, made.id) : [];
      if (!listed) throw new Error('a period archive is always made');
      return reply.code(201).send(listed);
    },
  );

  app.get(
    '/api/integrity/:companyId/archives/:id/file',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'Downloads one archive’s zip, byte for byte as made (an export of the garage’s event log)',
        params: companyParams.extend({
          id: z.coerce.number({ message: 'Identifiant d’archive invalide' }).int().min(1),
        }),
        produces: ['application/zip'],
        response: { 200: z.any(), ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { companyId, id } = request.params;
      ownGarage(request, companyId);
      const archive = await archiveFile(app.db, companyId, id);
      if (!archive) throw notFound(ARCHIVE_NOT_FOUND);
      // Handing an archive over is an export: an event of the garage's log, with the file's digest.
      await logEvent(
        app.db,
        companyId,
        'export',
        {
          export: 'archive',
          archiveId: id,
          fileName: archive.fileName,
          bytes: archive.content.length,
          sha256: archive.sha256,
        },
        request.auth.userId,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(archive.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(archive.content);
    },
  );
};
