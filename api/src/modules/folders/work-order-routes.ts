import {
  errorBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentSchema,
  folderIdParamsSchema,
  WORK_ORDER_DOCUMENT_TYPE,
  workOrderSignBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError } from '../../lib/http-error';
import { addSignedPaper, sendPaper } from './signed-paper';
import { type WorkOrderFacts, workOrderFacts, workOrderPdf } from './work-order';

const tags = ['folders'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The folder's work order (issue 22): printed for the workshop or signed on screen before the work. */
export const workOrderModule: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');
  const factsOf = async (companyIds: number[], folderId: number): Promise<WorkOrderFacts> => {
    const facts = await workOrderFacts(app.db, companyIds, folderId);
    if (!facts) throw httpError(404, FOLDER_NOT_FOUND_MESSAGE);
    return facts;
  };

  app.get(
    '/api/folder/:id/work-order/:action',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary:
          'The work order to print (view: in the browser; download: as a file): garage, customer, vehicle and mileage, the works and parts of the latest quote with its total, the customer’s signature line',
        params: folderIdParamsSchema.extend({
          action: z.enum(['view', 'download'], { message: 'Action inconnue : view ou download' }),
        }),
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const facts = await factsOf(request.auth.companyIds, request.params.id);
      return sendPaper(
        reply,
        await workOrderPdf(facts),
        `ordre-de-reparation-${facts.number}.pdf`,
        request.params.action,
      );
    },
  );

  app.post(
    '/api/folder/:id/work-order/sign',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The customer signs the work order on screen: the signed PDF joins the folder’s documents',
        params: folderIdParamsSchema,
        body: workOrderSignBodySchema,
        response: { 201: folderDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const facts = await factsOf(request.auth.companyIds, request.params.id);
      const document = await addSignedPaper(app, request, request.params.id, request.body, {
        render: (signed) => workOrderPdf(facts, signed),
        name: `Ordre de réparation signé par ${request.body.signerName}`,
        typeFile: WORK_ORDER_DOCUMENT_TYPE,
        fileName: `ordre-de-reparation-${facts.number}-signe.pdf`,
      });
      return reply.code(201).send(document);
    },
  );
};
