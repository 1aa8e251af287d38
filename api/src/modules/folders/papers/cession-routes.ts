import {
  CESSION_DOCUMENT_TYPE,
  CESSION_NEEDS_INSURER,
  cessionParamsSchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentSchema,
  folderIdParamsSchema,
  signBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { type CessionFacts, cessionFacts, cessionPdf } from './cession';
import { addSignedPaper, sendPaper } from './signed-paper';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);

/** The assignment of claim of a folder: printed (`/cession/...`) or signed on screen (`/api/sign/{id}`). */
export const cessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');

  const factsOf = async (companyIds: number[], folderId: number): Promise<CessionFacts> => {
    const facts = await cessionFacts(app.db, companyIds, folderId);
    if (!facts) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (!facts.insurer || !facts.claimNumber) throw invalid(CESSION_NEEDS_INSURER);
    return facts;
  };

  app.get(
    '/cession/:folderId/:action',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The assignment of claim to print (view: in the browser; download: as a file)',
        params: cessionParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { folderId, action } = request.params;
      const facts = await factsOf(request.auth.companyIds, folderId);
      return sendPaper(reply, await cessionPdf(facts), `cession-de-creance-${facts.number}.pdf`, action);
    },
  );

  app.post(
    '/api/sign/:id',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The customer signs the assignment of claim on screen: the signed PDF joins the folder’s documents',
        params: folderIdParamsSchema,
        body: signBodySchema,
        response: { 201: folderDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const facts = await factsOf(request.auth.companyIds, request.params.id);
      const document = await addSignedPaper(app, request, request.params.id, request.body, {
        render: (signed) => cessionPdf(facts, signed),
        name: `Cession de créance signée par ${request.body.signerName}`,
        typeFile: CESSION_DOCUMENT_TYPE,
        fileName: `cession-de-creance-${facts.number}-signee.pdf`,
      });
      return reply.code(201).send(document);
    },
  );
};
