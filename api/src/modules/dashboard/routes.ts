import {
  DASHBOARD_CHARTS,
  dashboardFiguresSchema,
  dashboardLatestSchema,
  dashboardQuerySchema,
  dashboardRankingsSchema,
  FOLDER_LIST_COLUMNS,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { periodOf } from '../../lib/period';
import { errorResponses } from '../../lib/route-errors';
import { listFolders } from '../folders/repository';
import {
  chart,
  type DashboardScope,
  foldersByInsurance,
  foldersByStatus,
  rankings,
  statsInsurances,
  statsKnownBy,
} from './repository';

const tags = ['dashboard'];
const errors = errorResponses(400, 401, 403);

/** The scope `requirePermission('dashboard')` left: under TOUT, only the garages where the caller holds it. */
export function scopeOf(request: FastifyRequest, query: { from?: string; to?: string }): DashboardScope {
  return { companyIds: request.auth.companyIds, ...periodOf(query) };
}

/** The home page's widgets, each one SQL aggregate over the scope's folders created in the period. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = app.requirePermission('dashboard');
  const figures = (path: string, summary: string, compute: typeof foldersByStatus) =>
    app.get(
      `/api/dashboard/${path}`,
      {
        preHandler: managers,
        schema: {
          tags,
          summary,
          querystring: dashboardQuerySchema,
          response: { 200: dashboardFiguresSchema, ...errors },
        },
      },
      async (request) => compute(app.db, scopeOf(request, request.query)),
    );

  figures('folders-by-status', 'Folders per status label (they add up to the folder list total)', foldersByStatus);
  figures('folders-by-insurance', 'Folders per insurer', foldersByInsurance);
  figures('stats-insurances', 'Per insurer: folders and closed folders', statsInsurances);
  figures('stats-knownby', 'Folders per "known by" origin', statsKnownBy);

  app.get(
    '/api/dashboard/rankings',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Technicians, and centres side by side for several garages, by closed folders',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardRankingsSchema, ...errors },
      },
    },
    async (request) => rankings(app.db, scopeOf(request, request.query)),
  );

  app.get(
    '/api/dashboard/chart/:type',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Month by month: folders opened or closed in the period',
        params: z.object({ type: z.enum(DASHBOARD_CHARTS, { message: 'Graphique inconnu' }) }),
        querystring: dashboardQuerySchema,
        response: { 200: dashboardFiguresSchema, ...errors },
      },
    },
    async (request) => chart(app.db, scopeOf(request, request.query), request.params.type),
  );

  app.get(
    '/api/dashboard',
    {
      preHandler: managers,
      schema: { tags, summary: 'The latest folders of the scope', response: { 200: dashboardLatestSchema, ...errors } },
    },
    async (request) => {
      const page = await listFolders(
        app.db,
        { userId: request.auth.userId, companyIds: request.auth.companyIds },
        { page: 1, pageSize: 10, columnsMap: JSON.stringify(FOLDER_LIST_COLUMNS) },
        { owner: 'all', type: 'interne' },
      );
      return { folders: page.data };
    },
  );
};
