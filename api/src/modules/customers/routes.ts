import {
  customerHistorySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  VEHICLE_NOT_FOUND,
  vehicleHistorySchema,
  vehicleParamsSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { customerHistory, vehicleHistory } from './repository';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * A customer's and a vehicle's past, across the caller's garages only: whoever may open a folder may open
 * them. The contact details themselves are not in the answer (they are read through the logged access).
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');

  app.get(
    '/api/customer/:folderId',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary:
          'The customer of a folder and their past in the caller’s garages: the folders sharing its phone number (last nine digits) or e-mail, their vehicles, quotes, invoices, credit notes, payments and photos',
        params: z.object({ folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1) }),
        response: { 200: customerHistorySchema, ...errors },
      },
    },
    async (request) => {
      const history = await customerHistory(app.db, request.auth.companyIds, request.params.folderId);
      if (!history) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return history;
    },
  );

  app.get(
    '/api/vehicle/:plate',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary:
          'A vehicle by its plate (dashes and case ignored) or VIN, and its past in the caller’s garages: folders, customers, quotes, invoices, credit notes, payments and photos',
        params: vehicleParamsSchema,
        response: { 200: vehicleHistorySchema, ...errors },
      },
    },
    async (request) => {
      const history = await vehicleHistory(app.db, request.auth.companyIds, request.params.plate);
      if (!history) throw notFound(VEHICLE_NOT_FOUND);
      return history;
    },
  );
};
