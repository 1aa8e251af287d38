import {
  APPOINTMENT_COMMENT_FIELD,
  APPOINTMENT_DATE_FIELD,
  APPOINTMENT_MINUTES_FIELD,
  APPOINTMENT_TECHNICIAN_FIELD,
  appointmentFormSchema,
  closingBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDetailSchema,
  folderIdParamsSchema,
  folderSentSchema,
  reopenBodySchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../../lib/domain-error';
import { readFormData } from '../../../lib/form-data';
import { errorResponses } from '../../../lib/route-errors';
import { userScope } from '../../../plugins/app/auth';
import { findFolder } from '../detail-repository';
import { setAppointment } from './appointment';
import { reopenFolder, submitClosing } from './closing';
import { sendFolder, sentFolderModal } from './sending';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404, 409, 415);

/** What happens to a folder over its life: appointment, closing and reopening, sending to the insurer. */
export const folderActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');

  const answerFolder = async (request: FastifyRequest, id: number) => {
    const folder = await findFolder(app.db, userScope(request), id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    return folder;
  };

  app.route({
    method: ['PUT', 'POST'],
    url: '/api/folder/:id/appointment/update',
    preHandler: viewers,
    schema: {
      tags,
      summary: 'Sets or cancels the folder’s appointment (form data appointment[appointment], appointment[comment])',
      description: 'Form data with `folderId` (the folder of the path) and `scheduled`; an empty date cancels.',
      params: folderIdParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: folderDetailSchema, ...errors },
    },
    handler: async (request) => {
      const { fields } = await readFormData(request);
      const parsed = appointmentFormSchema.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Requête invalide');
      const form = parsed.data;
      if (form.folderId !== request.params.id) throw invalid('Le dossier du formulaire ne correspond pas');
      const date = form[APPOINTMENT_DATE_FIELD];
      const technician = form[APPOINTMENT_TECHNICIAN_FIELD];
      const saved = await setAppointment(app.db, userScope(request), request.params.id, {
        at: date ? new Date(date) : null,
        comment: form[APPOINTMENT_COMMENT_FIELD],
        minutes: form[APPOINTMENT_MINUTES_FIELD],
        technicianId: technician === undefined ? undefined : technician === '' ? null : technician,
      });
      if (saved === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return answerFolder(request, request.params.id);
    },
  });

  app.post(
    '/api/folder/:id/close',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The closing form: closes the folder (seven mandatory answers) or keeps it open with the reason',
        params: folderIdParamsSchema,
        body: closingBodySchema,
        response: { 200: folderDetailSchema, ...errors },
      },
    },
    async (request) => {
      await submitClosing(app.db, userScope(request), request.params.id, request.body);
      return answerFolder(request, request.params.id);
    },
  );

  app.post(
    '/api/folder/:id/reopen',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Reopens a closed folder (status "open"), with the reason in its history',
        params: folderIdParamsSchema,
        body: reopenBodySchema,
        response: { 200: folderDetailSchema, ...errors },
      },
    },
    async (request) => {
      await reopenFolder(app.db, userScope(request), request.params.id, request.body);
      return answerFolder(request, request.params.id);
    },
  );

  app.post(
    '/api/folder/:id/send',
    {
      preHandler: app.requirePermission('folderEdit'),
      schema: {
        tags,
        summary: 'Sends the folder to its insurer (date, history, notification "envoi")',
        params: folderIdParamsSchema,
        response: { 200: folderSentSchema, ...errors },
      },
    },
    async (request) => {
      const result = await sendFolder(app.db, userScope(request), request.params.id);
      return { sentAt: result.sentAt.toISOString() };
    },
  );

  app.get(
    '/invoice/displaySentFolderModal/:folderId',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The warning shown before saving a document on a folder already sent to its insurer: HTML, or 0',
        params: z.object({ folderId: folderIdParamsSchema.shape.id }),
        produces: ['text/html'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const html = await sentFolderModal(app.db, request.auth.companyIds, request.params.folderId);
      if (html === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return reply.type('text/html; charset=utf-8').send(html ?? '0');
    },
  );
};
