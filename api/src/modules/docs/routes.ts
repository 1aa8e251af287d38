import {
  DOC_PAGE_NOT_FOUND,
  DOCS_PICK_GARAGE,
  docPageBodySchema,
  docPageParamsSchema,
  docPageSchema,
  docsTreeSchema,
  docVersionListSchema,
  docVersionParamsSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage, userScope } from '../../plugins/app/auth';
import { createPage, listVersions, networksOf, readPage, readTree, restoreVersion, updatePage } from './repository';

const tags = ['docs'];
const errors = errorResponses(400, 401, 403, 404);

/** "Trame des agents verifs": the tree and pages a user may read (each read traced), edited with versions. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('docs');
  const editors = app.requirePermission('docsEdit');

  app.get(
    '/api/docs/tree',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'The verification script of the user’s networks (its franchise, or its own garage) as a tree',
        response: { 200: docsTreeSchema, ...errors },
      },
    },
    async (request) => readTree(app.db, userScope(request)),
  );

  app.get(
    '/api/docs/pages/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'One page; the read is logged (who, which page, when)',
        params: docPageParamsSchema,
        response: { 200: docPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await readPage(app.db, userScope(request), request.params.id);
      if (!page) throw notFound(DOC_PAGE_NOT_FOUND);
      return page;
    },
  );

  app.post(
    '/api/docs/pages',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'A new page in the selected garage’s network (its franchise when it has one), version 1',
        body: docPageBodySchema,
        response: { 201: docPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const selectedCompanyId = selectedGarage(request, DOCS_PICK_GARAGE);
      const [network] = await networksOf(app.db, [selectedCompanyId]);
      if (!network) throw invalid(DOCS_PICK_GARAGE);
      return reply.code(201).send(await createPage(app.db, request.auth.userId, network, request.body));
    },
  );

  app.put(
    '/api/docs/pages/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Saves a page (title, content, parent, order) as its next version',
        params: docPageParamsSchema,
        body: docPageBodySchema,
        response: { 200: docPageSchema, ...errors },
      },
    },
    async (request) => {
      return updatePage(app.db, userScope(request), request.params.id, request.body);
    },
  );

  app.get(
    '/api/docs/pages/:id/versions',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Every saved version of a page, newest first',
        params: docPageParamsSchema,
        response: { 200: docVersionListSchema, ...errors },
      },
    },
    async (request) => {
      const versions = await listVersions(app.db, userScope(request), request.params.id);
      if (!versions) throw notFound(DOC_PAGE_NOT_FOUND);
      return versions;
    },
  );

  app.post(
    '/api/docs/pages/:id/versions/:version/restore',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Brings a past version back as the next version',
        params: docVersionParamsSchema,
        response: { 200: docPageSchema, ...errors },
      },
    },
    async (request) => {
      return restoreVersion(app.db, userScope(request), request.params.id, request.params.version);
    },
  );
};
