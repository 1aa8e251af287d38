import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies } from '../src/db/schema';
import { notFound } from '../src/lib/domain-error';
import { supplierInvoiceFile } from '../src/test-platform/supplier-invoice';

/**
 * TEST ONLY: a supplier's e-invoice addressed to a garage, as its supplier's software would write it, for the browser
 * tests to import through the page (they cannot run the API's writers themselves).
 */
export const einvoicingTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/supplier-invoice',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a supplier e-invoice (Factur-X, CII or UBL) addressed to the garage, as base64',
        body: z.object({
          companyId: z.number().int(),
          syntax: z.enum(['Factur-X', 'CII', 'UBL']),
          number: z.string().min(1).max(40),
        }),
        response: { 200: z.object({ name: z.string(), base64: z.string() }) },
      },
    },
    async (request) => {
      const [garage] = await app.db
        .select({ name: companies.name, siret: companies.siret })
        .from(companies)
        .where(eq(companies.id, request.body.companyId));
      if (!garage?.siret) throw notFound('Garage sans SIRET');
      const file = await supplierInvoiceFile(
        {
          number: request.body.number,
          issueDay: new Date().toISOString().slice(0, 10),
          dueDay: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          seller: {
            name: 'Pare-Brise Distribution SAS',
            siret: '55234163800013',
            vatNumber: 'FR19552341638',
            address: '12 rue des Verriers',
            postcode: '69007',
            city: 'Lyon',
          },
          buyer: { name: garage.name, siren: garage.siret.slice(0, 9), address: '', postcode: '', city: '' },
          lines: [
            { name: 'Pare-brise Clio V athermique', quantity: 2, unitCents: 18_990, rate: 20 },
            { name: 'Revue technique (livre)', quantity: 1, unitCents: 3_990, rate: 5.5 },
          ],
        },
        request.body.syntax,
      );
      return { name: file.name, base64: Buffer.from(file.bytes).toString('base64') };
    },
  );
};
