import {
  FITTER_CLOCK_SKEW_MS,
  FITTER_DONE_AT_FUTURE,
  FOLDER_NOT_FOUND_MESSAGE,
  fitterFolderParamsSchema,
  fitterStepFieldsSchema,
  fitterStepResultSchema,
  fitterTaskSchema,
  fitterTasksQuerySchema,
  fitterTasksResponseSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid, notFound } from '../../lib/domain-error';
import { detectFileKind } from '../../lib/file-kind';
import { readFormData } from '../../lib/form-data';
import { errorResponses } from '../../lib/route-errors';
import { safeFileName } from '../../lib/safe-file-name';
import { isUniqueViolation } from '../../lib/unique-violation';
import { findTask, fitterScopeOf, listTasksOfDay, recordStep, type StepInput, todayInGarageTime } from './repository';

const tags = ['fitter'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** The fitter's phone flow: the day's tasks, one task, and its steps (sent again safely: idempotency key). */
export const fitterRoutes: FastifyPluginAsyncZod = async (app) => {
  const fitters = app.requirePermission('fitterSteps');

  app.get(
    '/api/fitter/tasks/today',
    {
      preHandler: fitters,
      schema: {
        tags,
        summary: 'The caller’s folders with an appointment that day (garage time; today when `date` is left out)',
        description:
          'A fitter sees the folders of the technicians linked to their account; admins every folder of the garage.',
        querystring: fitterTasksQuerySchema,
        response: { 200: fitterTasksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const date = request.query.date ?? todayInGarageTime();
      return { date, tasks: await listTasksOfDay(app.db, fitterScopeOf(request.auth), date) };
    },
  );

  app.get(
    '/api/fitter/folders/:folderId',
    {
      preHandler: fitters,
      schema: {
        tags,
        summary: 'One folder as the fitter’s task, with the steps done',
        params: fitterFolderParamsSchema,
        response: { 200: fitterTaskSchema, ...errors },
      },
    },
    async (request) => {
      const task = await findTask(app.db, fitterScopeOf(request.auth), request.params.folderId);
      if (!task) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return task;
    },
  );

  app.post(
    '/api/fitter/folders/:folderId/steps',
    {
      preHandler: fitters,
      schema: {
        tags,
        summary: 'Records a step (form data step, doneAt, idempotencyKey, comment, one `file` per photo)',
        description:
          '201 when recorded; 200 with the recorded step when the idempotency key was already used for it (nothing written). ' +
          'Steps in order (409), 1 to 6 photos for 2, 4 and 6 recognised by content (400/415), comment for 7; 16 MB at most (413).',
        params: fitterFolderParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: fitterStepResultSchema, 201: fitterStepResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readFormData(request);
      const parsed = fitterStepFieldsSchema.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Requête invalide');
      const doneAt = new Date(parsed.data.doneAt);
      if (doneAt.getTime() > Date.now() + FITTER_CLOCK_SKEW_MS) throw invalid(FITTER_DONE_AT_FUTURE);
      const photos = files.filter((item) => item.fieldname === 'file' && item.buffer.length > 0);
      const input: StepInput = {
        step: parsed.data.step,
        doneAt,
        idempotencyKey: parsed.data.idempotencyKey.toLowerCase(),
        comment: parsed.data.comment || undefined,
        photos: photos.map((photo, index) => ({
          content: photo.buffer,
          fileName: safeFileName(photo.filename, `etape-${parsed.data.step}-${index + 1}`),
          mimeType: detectFileKind(photo.buffer),
        })),
      };
      const scope = fitterScopeOf(request.auth);
      let outcome: Awaited<ReturnType<typeof recordStep>>;
      try {
        outcome = await recordStep(app.db, scope, request.params.folderId, input);
      } catch (error) {
        // The same key sent at once for two folders: the loser reads what the winner recorded.
        if (!isUniqueViolation(error)) throw error;
        outcome = await recordStep(app.db, scope, request.params.folderId, input);
      }
      return reply.code(outcome.outcome === 'recorded' ? 201 : 200).send(outcome.result);
    },
  );
};
