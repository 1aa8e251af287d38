import {
  calendarAppointmentSchema,
  calendarFolderParamsSchema,
  calendarMoveBodySchema,
  calendarQuerySchema,
  calendarResponseSchema,
  FOLDER_NOT_FOUND_MESSAGE,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { userScope } from '../../plugins/app/auth';
import { setAppointment } from '../folders/activity/appointment';
import { calendarAppointment, calendarWeek } from './repository';

const tags = ['calendar'];
const errors = errorResponses(400, 401, 403, 404);

/** The technicians' week: read, move (day, time, length, technician) and cancel appointments. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const planners = app.requirePermission('calendar');

  app.get(
    '/api/calendar',
    {
      preHandler: planners,
      schema: {
        tags,
        summary: 'The week [from, to[ of the selected garage (all of the user’s for TOUT): fitters and appointments',
        description:
          'Active fitters (and any other holding an appointment of the week); appointments with `clash` (overlapping another of the same fitter) and, for mobile fitters, `travelMinutesBefore` estimated from postal codes.',
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, ...errors },
      },
    },
    async (request) =>
      calendarWeek(app.db, request.auth.companyIds, new Date(request.query.from), new Date(request.query.to)),
  );

  app.put(
    '/api/calendar/appointment/:folderId',
    {
      preHandler: planners,
      schema: {
        tags,
        summary: 'Sets or moves the folder’s appointment: start, length, fitter (of the folder’s garage, or null)',
        description:
          'The folder page’s rule (not in the past beyond one hour). Answers the appointment with its `clash` flag: a clash is a warning, the appointment is saved.',
        params: calendarFolderParamsSchema,
        body: calendarMoveBodySchema,
        response: { 200: calendarAppointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { folderId } = request.params;
      const { start, minutes, technicianId } = request.body;
      const saved = await setAppointment(app.db, userScope(request), folderId, {
        at: new Date(start),
        minutes,
        technicianId,
      });
      if (saved === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      const appointment = await calendarAppointment(app.db, request.auth.companyIds, folderId);
      if (!appointment) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return appointment;
    },
  );

  app.delete(
    '/api/calendar/appointment/:folderId',
    {
      preHandler: planners,
      schema: {
        tags,
        summary: 'Cancels the folder’s appointment (history row "Rendez-vous annulé")',
        params: calendarFolderParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const saved = await setAppointment(app.db, userScope(request), request.params.folderId, { at: null });
      if (saved === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return reply.code(204).send(null);
    },
  );
};
