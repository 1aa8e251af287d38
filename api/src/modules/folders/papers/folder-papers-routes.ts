import {
  type deliverySignBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentSchema,
  folderIdParamsSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { isUniqueViolation } from '../../../lib/unique-violation';
import { documentByKey } from '../documents/documents-repository';
import { FOLDER_PAPERS, type PaperFacts, paperFacts } from './folder-papers';
import { addSignedPaper, sendPaper } from './signed-paper';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * The folder's papers the customer signs: the work order before the work, the delivery report when the
 * vehicle is taken back; each printed for paper or signed on screen (the counter, the fitter's phone).
 */
export const folderPapersRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');
  const factsOf = async (companyIds: number[], folderId: number): Promise<PaperFacts> => {
    const facts = await paperFacts(app.db, companyIds, folderId);
    if (!facts) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    return facts;
  };

  for (const paper of FOLDER_PAPERS) {
    app.get(
      `/api/folder/:id/${paper.slug}/:action`,
      {
        preHandler: viewers,
        schema: {
          tags,
          summary: `${paper.what} to print (view: in the browser; download: as a file)`,
          params: folderIdParamsSchema.extend({
            action: z.enum(['view', 'download'], { message: 'Action inconnue : view ou download' }),
          }),
          produces: ['application/pdf'],
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const facts = await factsOf(request.auth.companyIds, request.params.id);
        const pdf = await paper.render(facts);
        return sendPaper(reply, pdf, `${paper.fileName(facts.number)}.pdf`, request.params.action);
      },
    );

    app.post(
      `/api/folder/:id/${paper.slug}/sign`,
      {
        preHandler: viewers,
        schema: {
          tags,
          summary: `${paper.what}, signed on screen by the customer: the signed PDF joins the folder’s documents`,
          params: folderIdParamsSchema,
          body: paper.body,
          response: { 200: folderDocumentSchema, 201: folderDocumentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const facts = await factsOf(request.auth.companyIds, request.params.id);
        const body = request.body as z.infer<typeof deliverySignBodySchema>;
        const key = body.idempotencyKey?.toLowerCase();
        // Sent again by a phone that lost the answer: the document it made, nothing added.
        const replayed = () =>
          key ? documentByKey(app.db, request.auth.companyIds, request.params.id, key) : undefined;
        const earlier = await replayed();
        if (earlier) return reply.code(200).send(earlier);
        try {
          const document = await addSignedPaper(app, request, request.params.id, body, {
            render: (signed) => paper.render(facts, { ...signed, reserves: body.reserves }),
            name: paper.signedName(body.signerName),
            typeFile: paper.typeFile,
            fileName: `${paper.fileName(facts.number)}-signe.pdf`,
          });
          return reply.code(201).send(document);
        } catch (error) {
          // The same key sent twice at once: the loser answers what the winner added.
          const winner = isUniqueViolation(error) ? await replayed() : undefined;
          if (winner) return reply.code(200).send(winner);
          if (isUniqueViolation(error)) throw conflict('Cette clé d’envoi a déjà servi pour un autre dossier');
          throw error;
        }
      },
    );
  }
};
