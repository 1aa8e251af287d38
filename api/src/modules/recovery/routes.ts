import {
  errorBodySchema,
  formatPlate,
  pagingQuerySchema,
  RECOVERY_COMMENT_REQUIRED,
  RECOVERY_COMMENT_TITLE,
  RECOVERY_NOT_FOUND,
  recoveryCommentBodySchema,
  recoveryDocumentParamsSchema,
  recoveryEventListSchema,
  recoveryEventSchema,
  recoveryIdParamsSchema,
  recoveryListResponseSchema,
  recoveryOpenedSchema,
  recoveryStageBodySchema,
  unitsInsufficientSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { notifyUsers } from '../notifications/producer';
import { addComment, moveStage, openRecovery } from './actions-repository';
import { listEvents, listRecoveries } from './repository';

const tags = ['recovery'];
const errors = errorResponses(400, 401, 403, 404);
const BODY_LENGTH = 200;

/** Line breaks and tabs kept, every other control character dropped (they have no place in a comment). */
function withoutControlCharacters(text: string): string {
  return [...text.replace(/\r\n?/g, '\n')]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 9 || code === 10 || (code >= 32 && code !== 127);
    })
    .join('')
    .trim();
}

/**
 * Recoveries ("Recouvrements"): the list with its tabs, putting an invoice under recovery (one unit), stage moves,
 * comments (notified as "recovery") and the steps of one recovery. Permission `recoveries`; every query is limited
 * to the caller's companies (the selected one, or all of them for TOUT).
 */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed = app.requirePermission('recoveries');

  app.get(
    '/api/recovery/list/all',
    {
      preHandler: allowed,
      schema: {
        tags,
        summary:
          'Overdue unpaid invoices and recoveries of the user’s companies (shared paging; columns folder, document, debtor, amountDue, daysOverdue, tab, lastEventAt; tabs on tab)',
        querystring: pagingQuerySchema,
        response: { 200: recoveryListResponseSchema, ...errors },
      },
    },
    async (request) => listRecoveries(app.db, request.auth.companyIds, request.query),
  );

  app.post(
    '/api/recovery/open/:documentId',
    {
      preHandler: allowed,
      schema: {
        tags: [...tags, 'units'],
        summary:
          'Puts an overdue unpaid invoice under recovery (stage amiable), consuming one unit; 401 with redirect /checkout when no unit is left (nothing changed)',
        params: recoveryDocumentParamsSchema,
        response: {
          201: recoveryOpenedSchema,
          ...errors,
          401: z.union([unitsInsufficientSchema, errorBodySchema]),
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const opened = await openRecovery(app.db, {
        companyIds: request.auth.companyIds,
        documentId: request.params.documentId,
        userId: request.auth.userId,
      });
      return reply.code(201).send(opened);
    },
  );

  app.post(
    '/api/recovery/:id/stage',
    {
      preHandler: allowed,
      schema: {
        tags,
        summary: 'Moves a recovery to another stage (forward, back or closed): an event and a folder history row',
        params: recoveryIdParamsSchema,
        body: recoveryStageBodySchema,
        response: { 200: recoveryEventSchema, ...errors },
      },
    },
    async (request) => {
      const { companyIds, userId } = request.auth;
      const moved = await moveStage(app.db, { companyIds, id: request.params.id, stage: request.body.stage, userId });
      const [event] = (await listEvents(app.db, companyIds, request.params.id, moved.eventId)) ?? [];
      if (!event) throw notFound(RECOVERY_NOT_FOUND);
      return event;
    },
  );

  app.post(
    '/api/recovery/:id/comment',
    {
      preHandler: allowed,
      schema: {
        tags,
        summary:
          'A comment (plain text, 2,000 characters at most) on a recovery: an event, a folder history row, a notification of type recovery',
        params: recoveryIdParamsSchema,
        body: recoveryCommentBodySchema,
        response: { 201: recoveryEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { companyIds, userId } = request.auth;
      const content = withoutControlCharacters(request.body.content);
      if (!content) throw invalid(RECOVERY_COMMENT_REQUIRED);
      const facts = await addComment(app.db, { companyIds, id: request.params.id, content, userId });
      if (!facts) throw notFound(RECOVERY_NOT_FOUND);
      // After the commit: the comment stands even if notifying fails.
      const text = `Facture ${facts.number} : ${content.replace(/\s+/g, ' ')}`;
      try {
        await notifyUsers(app.db, {
          companyId: facts.companyId,
          event: 'recovery',
          folder: facts.folder ? { id: facts.folder.id, title: formatPlate(facts.folder.plate) } : null,
          ownerUserId: facts.folder?.ownerId ?? null,
          actorUserId: userId,
          title: RECOVERY_COMMENT_TITLE,
          body: text.length > BODY_LENGTH ? `${text.slice(0, BODY_LENGTH - 1)}…` : text,
        });
      } catch (error) {
        request.log.error({ err: error }, 'recovery comment not notified');
      }
      const [event] = (await listEvents(app.db, companyIds, request.params.id, facts.eventId)) ?? [];
      if (!event) throw notFound(RECOVERY_NOT_FOUND);
      return reply.code(201).send(event);
    },
  );

  app.get(
    '/api/recovery/:id/events',
    {
      preHandler: allowed,
      schema: {
        tags,
        summary: 'The steps of a recovery (opening, stage moves, comments), newest first',
        params: recoveryIdParamsSchema,
        response: { 200: recoveryEventListSchema, ...errors },
      },
    },
    async (request) => {
      const events = await listEvents(app.db, request.auth.companyIds, request.params.id);
      if (!events) throw notFound(RECOVERY_NOT_FOUND);
      return { data: events };
    },
  );
};
