import type { FastifyPluginAsync } from 'fastify';
import { folderActivityRoutes } from './activity/activity-routes';
import { folderDocumentsRoutes } from './documents/document-routes';
import { cessionRoutes } from './papers/cession-routes';
import { folderPapersRoutes } from './papers/folder-papers-routes';
import { foldersRoutes } from './routes';
import { knownByRoutes } from './settings/known-by-routes';
import { folderStatusSettingsRoutes } from './settings/status-settings-routes';

/** The URL prefixes this module serves: a path belongs to the module whose prefix is its longest (scripts/check-boundaries.mjs). */
export const URL_PREFIXES = [
  '/api/folder',
  '/api/comment',
  '/api/contact-access-log',
  '/api/sign',
  '/api/company/:companyId/folder-statuses',
  '/api/company/:companyId/known',
  '/api/company/:companyId/status-folder',
];

/** Customer folders: creation, list and search, detail, comments, statuses and « connu par » settings, documents, the work order, delivery report and assignment of claim, closing and sending. */
export const foldersModule: FastifyPluginAsync = async (app) => {
  await app.register(foldersRoutes);
  await app.register(folderActivityRoutes);
  await app.register(folderDocumentsRoutes);
  await app.register(cessionRoutes);
  await app.register(folderPapersRoutes);
  await app.register(knownByRoutes);
  await app.register(folderStatusSettingsRoutes);
};
