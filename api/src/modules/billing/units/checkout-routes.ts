import {
  ALL_COMPANIES_ID,
  CHECKOUT_PACK_UNKNOWN,
  CHECKOUT_PICK_GARAGE,
  checkoutOrderBodySchema,
  checkoutOrderListSchema,
  checkoutOrderSchema,
  checkoutPaidSchema,
  checkoutPayBodySchema,
  documentIdParamsSchema,
  unitPacksSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { selectedGarage } from '../../../plugins/app/auth';
import { packsForCompany } from '../../franchise/network';
import { createOrder, findOrder, listOrders, ORDER_NOT_FOUND, payOrder, unitOrderPdf } from './checkout-repository';
import { testModeProvider } from './payment-provider';

const tags = ['units'];
const errors = errorResponses(400, 401, 402, 403, 404, 409);

/** /checkout: packs of units, an order per purchase, paid through the provider, credited once, invoiced. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyers = app.requirePermission('buyUnits');
  const provider = testModeProvider;
  /** The garage's franchisor may publish its own packs; with TOUT (no garage yet) the defaults show. */
  const packsOf = (request: FastifyRequest) =>
    request.auth.selectedCompanyId === ALL_COMPANIES_ID
      ? app.config.unitPacks
      : packsForCompany(app.db, request.auth.selectedCompanyId, app.config.unitPacks);

  app.get(
    '/api/checkout/packs',
    { preHandler: buyers, schema: { tags, summary: 'Packs of units for sale', response: { 200: unitPacksSchema } } },
    async (request) => packsOf(request),
  );

  app.get(
    '/api/checkout/orders',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'The selected garage’s last orders',
        response: { 200: checkoutOrderListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listOrders(app.db, selectedGarage(request, CHECKOUT_PICK_GARAGE)) }),
  );

  app.post(
    '/api/checkout/orders',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'Orders a pack (pending until paid)',
        body: checkoutOrderBodySchema,
        response: { 201: checkoutOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, CHECKOUT_PICK_GARAGE);
      const pack = (await packsOf(request)).find((candidate) => candidate.id === request.body.packId);
      if (!pack) throw invalid(CHECKOUT_PACK_UNKNOWN);
      return reply.code(201).send(await createOrder(app.db, companyId, pack, request.auth.userId));
    },
  );

  app.post(
    '/api/checkout/orders/:id/pay',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'Pays an order by card: on acceptance the units are credited once and the purchase is invoiced',
        params: documentIdParamsSchema,
        body: checkoutPayBodySchema,
        response: { 200: checkoutPaidSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = selectedGarage(request, CHECKOUT_PICK_GARAGE);
      return payOrder(app.db, provider, {
        companyId,
        orderId: request.params.id,
        card: { number: request.body.cardNumber, expiry: request.body.expiry, cvc: request.body.cvc },
        userId: request.auth.userId,
      });
    },
  );

  app.get(
    '/api/checkout/orders/:id/invoice',
    {
      preHandler: buyers,
      schema: {
        tags,
        summary: 'The invoice of a paid order (PDF)',
        params: documentIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrder(app.db, request.auth.companyIds, request.params.id);
      if (!order?.invoiceNumber) throw notFound(ORDER_NOT_FOUND);
      const pdf = await unitOrderPdf(app.db, order);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${order.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
