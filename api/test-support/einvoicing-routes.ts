import { withLuhnKey } from 'contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies, ereportTransmissions } from '../src/db/schema';
import { notFound } from '../src/lib/domain-error';
import { testConnection } from '../src/modules/einvoicing/connection-test';
import { connectedGarages } from '../src/modules/einvoicing/incoming-sync';
import { sendPendingFlows } from '../src/modules/einvoicing/platform-dispatcher';
import { checkAcknowledgements } from '../src/modules/ereporting/acknowledgements';
import { periodLabel, periodOf } from '../src/modules/ereporting/periods';
import { queueReport, reportingGarage } from '../src/modules/ereporting/transmissions';
import { connectToTestPlatform } from '../src/test-platform/demo-platform';
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
      const file = await testSupplierInvoice(app, request.body.companyId, request.body.syntax, request.body.number);
      return { name: file.name, base64: Buffer.from(file.bytes).toString('base64') };
    },
  );
};

/** A supplier's e-invoice addressed to the garage, written by the API's own EN 16931 writers. */
async function testSupplierInvoice(
  app: FastifyInstance,
  companyId: number,
  syntax: 'Factur-X' | 'CII' | 'UBL',
  number: string,
) {
  const [garage] = await app.db
    .select({ name: companies.name, siret: companies.siret })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!garage?.siret) throw notFound('Garage sans SIRET');
  return supplierInvoiceFile(
    {
      number,
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
    syntax,
  );
}

/** The test platform the demo start runs, the garage connected to it when it is not yet. */
async function connectedTestPlatform(app: FastifyInstance, companyId: number) {
  const platform = app.testPlatform;
  if (!platform) throw notFound('Pas de plateforme de test sur ce serveur');
  if (!(await connectedGarages(app.db)).includes(companyId))
    await connectToTestPlatform(app.db, app.senders.key, platform, { level: 'garage', companyId });
  return platform;
}

async function sirenOf(app: FastifyInstance, companyId: number) {
  const [garage] = await app.db.select({ siret: companies.siret }).from(companies).where(eq(companies.id, companyId));
  if (!garage?.siret) throw notFound('Garage sans SIRET');
  return garage.siret.slice(0, 9);
}

/**
 * TEST ONLY: an e-reporting transmission the platform rejected, for the browser tests to correct through the page:
 * the garage connected to the test platform when it is not, its décade before the last one over (before its
 * oldest transmission when it has one) built, deposited and rejected.
 */
export const ereportingTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/platform-connect',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary:
          'TEST ONLY: the garage connected to the test platform (when it is not), its webhook subscribed, a business buyer in the directory',
        body: z.object({ companyId: z.number().int() }),
        response: { 200: z.object({ ok: z.boolean(), buyerSiren: z.string() }) },
      },
    },
    async (request) => {
      const { companyId } = request.body;
      const platform = await connectedTestPlatform(app, companyId);
      const siren = await sirenOf(app, companyId);
      platform.addDirectoryEntry({
        siren,
        businessName: `Garage ${companyId}`,
        lines: [{ addressingIdentifier: `0225:${siren}`, platformType: 'WK', directoryLineStatus: 'Enabled', siren }],
      });
      // A business buyer the platform can deliver to: an invoice issued to it comes back « Mise à disposition ».
      const buyerSiren = withLuhnKey('43210987');
      platform.addDirectoryEntry({
        siren: buyerSiren,
        businessName: 'Transports Rhône SARL',
        lines: [
          {
            addressingIdentifier: `0225:${buyerSiren}`,
            platformType: 'WK',
            directoryLineStatus: 'Enabled',
            siren: buyerSiren,
          },
        ],
      });
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.headers.host}`;
      const result = await testConnection(app, companyId, `${origin}/api/einvoicing/webhook/${companyId}`);
      return { ok: result.ok, buyerSiren };
    },
  );

  app.post(
    '/api/test/platform-delivery',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary:
          'TEST ONLY: the test platform delivers a supplier’s e-invoice (CII) to the garage, announced to its webhook',
        body: z.object({ companyId: z.number().int(), number: z.string().min(1).max(40) }),
        response: { 200: z.object({ flowId: z.string() }) },
      },
    },
    async (request) => {
      const { companyId, number } = request.body;
      const platform = await connectedTestPlatform(app, companyId);
      const file = await testSupplierInvoice(app, companyId, 'CII', number);
      const flow = await platform.deliver(await sirenOf(app, companyId), file);
      return { flowId: flow.flowId };
    },
  );

  app.post(
    '/api/test/ereport-rejection',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a rejected e-reporting transmission of the garage, waiting for its correction',
        body: z.object({ companyId: z.number().int() }),
        response: { 200: z.object({ id: z.number().int(), periodLabel: z.string() }) },
      },
    },
    async (request) => {
      const { companyId } = request.body;
      const platform = await connectedTestPlatform(app, companyId);
      const garage = await reportingGarage(app.db, companyId);
      if (!garage) throw notFound('Garage introuvable');
      const [oldest] = await app.db
        .select({ start: ereportTransmissions.periodStart })
        .from(ereportTransmissions)
        .where(eq(ereportTransmissions.companyId, companyId))
        .orderBy(asc(ereportTransmissions.periodStart))
        .limit(1);
      const before = oldest?.start ?? periodOf(new Date().toISOString().slice(0, 10), 'decade').start;
      const period = periodOf(
        new Date(Date.parse(`${before}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
        'decade',
      );
      const id = await queueReport(app.db, garage, 'transactions', period);
      if (id === null) throw notFound('Transmission déjà faite');
      platform.rejectNextReport(garage.siren);
      await sendPendingFlows(app.db, app.senders.key);
      await checkAcknowledgements(app.db, app.senders.key, companyId);
      return { id, periodLabel: periodLabel(period) };
    },
  );
};
