import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  errorBodySchema,
  formatPlate,
  GLASS_TYPES,
  isSivPlate,
  normalizePlate,
  REPAIR_KINDS,
  testCloneUserBodySchema,
  testCloneUserResponseSchema,
  testCreateFolderBodySchema,
  testCreateFolderResponseSchema,
  vatNumberOf,
  withLuhnKey,
} from 'contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingDocuments, companies, franchises, memberships, outbox, technicians, users } from '../src/db/schema';
import { notFound } from '../src/lib/domain-error';
import { insertCompanyDefaults } from '../src/modules/franchise/company-defaults';
import { insertTestFolder } from './folder-fixture';
import { sessionWindowRoute } from './session-window-route';
import { slowWriteRoute } from './slow-write-route';

/**
 * The folder's vehicle may be chosen (the Sidexa tests need a plate of the catalogue: `HJ-100-FH` identified by VIN,
 * `FA-899-EN` with variants, `AA-000-AA` without result); left out, a plate no demo folder has, a Clio V.
 */
const testFolderBodySchema = testCreateFolderBodySchema.extend({
  plate: z.string().trim().refine(isSivPlate, { message: 'Immatriculation SIV attendue (AB-123-CD)' }).optional(),
  brand: z.string().trim().min(1).max(60).optional(),
  model: z.string().trim().min(1).max(60).optional(),
  vin: z.string().trim().min(1).max(17).nullable().optional(),
  glass: z.enum(GLASS_TYPES).nullable().optional(),
  // The customer's name (the search's browser tests type it without its accents).
  lastName: z.string().trim().min(1).max(80).optional(),
  firstName: z.string().trim().min(1).max(80).optional(),
});

/** A garage of a browser test's own: its balance and hourly rate are the test's, whatever runs beside it. */
const testGarageBodySchema = z.object({
  /** The demo account whose password, name and roles (of its first garage) the new user takes. */
  email: z.string().trim().toLowerCase().email(),
  jeton: z.number().int().min(0).max(100_000).default(0),
  /** Euros; null: the garage has no hourly rate yet. */
  hourlyRate: z.number().positive().max(1_000).nullable().default(null),
  /** The garage heads a franchise of its own (a franchisor's network nobody else's test touches). */
  ownFranchise: z.boolean().default(false),
  /** Also a technician linked to the new user and a folder of the garage assigned to it, its appointment now. */
  technician: z.boolean().default(false),
  /** With `technician: true`: the folder's repair kind (« Réparation » names the fitter's steps 3 and 5). */
  repairKind: z.enum(REPAIR_KINDS).optional(),
  /** A garage just created: its name alone, none of the mentions an invoice needs (its « Mise en route » to do). */
  bare: z.boolean().default(false),
});
/** An issued invoice of one of the user's garages made overdue by `days` days (recoveries need a past due date). */
const testOverdueBodySchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  documentId: z.number().int().min(1),
  days: z.number().int().min(1).max(3_650).default(10),
});
const testOutboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().min(1).max(200) });
const testOutboxResponseSchema = z.array(
  z.object({ channel: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() }),
);
const testGarageResponseSchema = z.object({
  email: z.string(),
  companyId: z.number().int(),
  name: z.string(),
  franchiseId: z.number().int().nullable(),
  /** With `technician: true` only. */
  technicianId: z.number().int().optional(),
  folderId: z.number().int().optional(),
});

/**
 * Browser tests run in parallel against one server: each signs in as its own clone of a demo account,
 * so what one test reads or changes (notifications, alerts, sessions) never shows in another, and the
 * demo accounts stay as a newcomer finds them. Only the test servers register it (test-support/modules.ts).
 */
export const testingModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(slowWriteRoute);
  await app.register(sessionWindowRoute);
  app.post(
    '/api/test/clone-user',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a new user with the companies, roles and password of a demo account',
        body: testCloneUserBodySchema,
        response: { 201: testCloneUserResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const clone = await app.db.transaction(async (tx) => {
        const [source] = await tx.select().from(users).where(eq(users.email, request.body.email)).limit(1);
        if (!source) throw notFound('Utilisateur introuvable');
        const [local] = source.email.split('@');
        const email = `${local}+${randomUUID().slice(0, 8)}@test.garage.fr`;
        const [created] = await tx
          .insert(users)
          .values({ email, name: source.name, firstname: source.firstname, passwordHash: source.passwordHash })
          .returning({ id: users.id, email: users.email });
        if (!created) throw new Error('Utilisateur non créé');
        const rows = await tx.select().from(memberships).where(eq(memberships.userId, source.id));
        await tx.insert(memberships).values(rows.map((row) => ({ ...row, userId: created.id })));
        return created;
      });
      return reply.code(201).send(clone);
    },
  );

  app.post(
    '/api/test/folder',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary: 'TEST ONLY: a folder of its own for a browser test, in the user’s first company',
        body: testFolderBodySchema,
        response: { 201: testCreateFolderResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const [member] = await app.db
        .select({ userId: users.id, companyId: memberships.companyId })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, request.body.email))
        .orderBy(asc(memberships.companyId))
        .limit(1);
      if (!member) throw notFound('Utilisateur introuvable');
      const { plate, brand, model, vin, glass, lastName, firstName } = request.body;
      const folder = await insertTestFolder(app.db, member.companyId, {
        ownerId: member.userId,
        ...(plate ? { plate: normalizePlate(plate) } : {}),
        ...(brand ? { brand } : {}),
        ...(model ? { model } : {}),
        ...(vin !== undefined ? { vin } : {}),
        ...(glass !== undefined ? { glass } : {}),
        ...(lastName ? { lastName } : {}),
        ...(firstName ? { firstName } : {}),
      });
      return reply.code(201).send({ id: folder.id, plate: formatPlate(folder.plate), number: folder.number });
    },
  );

  app.post(
    '/api/test/garage',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary:
          'TEST ONLY: a new garage (its units and hourly rate given, heading a franchise of its own if asked) and a new user in it alone, with the password, name and roles of a demo account',
        body: testGarageBodySchema,
        response: { 201: testGarageResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await app.db.transaction(async (tx) => {
        const [source] = await tx
          .select({ user: users, roles: memberships.roles })
          .from(users)
          .innerJoin(memberships, eq(memberships.userId, users.id))
          .where(eq(users.email, request.body.email))
          .orderBy(asc(memberships.companyId))
          .limit(1);
        if (!source) throw notFound('Utilisateur introuvable');
        const tag = randomBytes(4).toString('hex');
        const [franchise] = request.body.ownFranchise
          ? await tx
              .insert(franchises)
              .values({ name: `Réseau de test ${tag}` })
              .returning({ id: franchises.id })
          : [];
        const [company] = await tx
          .insert(companies)
          .values({
            franchiseId: franchise?.id ?? null,
            name: `Garage de test ${tag}`,
            garageType: 'Fixe',
            // Its cloned demo users sign in with their password alone, as on the demo garages.
            mfaRequiredRoles: [],
            jeton: request.body.jeton,
            hourlyRate: request.body.hourlyRate,
            // Every mention an invoice needs (the issue-time gate): a SIRET of its own, valid, and its VAT number.
            ...(request.body.bare
              ? {}
              : { ...testSellerMentions(), address: '3 rue des Essais', postalCode: '69007', city: 'Lyon' }),
          })
          .returning({ id: companies.id, name: companies.name });
        if (!company) throw new Error('Garage non créé');
        await insertCompanyDefaults(tx, company.id);
        const [local] = source.user.email.split('@');
        const [user] = await tx
          .insert(users)
          .values({
            email: `${local}+garage-${tag}@test.garage.fr`,
            name: source.user.name,
            firstname: source.user.firstname,
            passwordHash: source.user.passwordHash,
          })
          .returning({ id: users.id, email: users.email });
        if (!user) throw new Error('Utilisateur non créé');
        await tx.insert(memberships).values({ userId: user.id, companyId: company.id, roles: source.roles });
        return {
          email: user.email,
          userId: user.id,
          companyId: company.id,
          name: company.name,
          franchiseId: franchise?.id ?? null,
        };
      });
      const { userId, ...garage } = created;
      if (!request.body.technician) return reply.code(201).send(garage);
      // The fitter's own day: their technician row and one appointment today (the phone flow's browser test).
      const [technician] = await app.db
        .insert(technicians)
        .values({ companyId: garage.companyId, userId, name: `${garage.name} poseur`, mobile: true })
        .returning({ id: technicians.id });
      if (!technician) throw new Error('Poseur non créé');
      const folder = await insertTestFolder(app.db, garage.companyId, {
        technicianId: technician.id,
        appointmentAt: new Date(),
        repairKind: request.body.repairKind ?? null,
      });
      return reply.code(201).send({ ...garage, technicianId: technician.id, folderId: folder.id });
    },
  );
  app.get(
    '/api/test/outbox',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary:
          'TEST ONLY: the e-mails and SMS the product wrote to the outbox for one address (sent or not), newest first',
        querystring: testOutboxQuerySchema,
        response: { 200: testOutboxResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({
          channel: outbox.channel,
          to: outbox.to,
          subject: outbox.subject,
          body: outbox.body,
          createdAt: outbox.createdAt,
        })
        .from(outbox)
        .where(eq(outbox.to, request.query.to))
        .orderBy(desc(outbox.id))
        .limit(20);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );

  app.post(
    '/api/test/invoice-overdue',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['test'],
        summary:
          'TEST ONLY: sets the payment term of a draft invoice of the user’s garages to `-days`, so that issuing it gives a due date `days` days ago (an issued due date is frozen)',
        body: testOverdueBodySchema,
        response: { 200: z.object({ paymentTermDays: z.number().int() }), 404: errorBodySchema },
      },
    },
    async (request) => {
      const garages = app.db
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(users.email, request.body.email));
      const [moved] = await app.db
        .update(billingDocuments)
        .set({ paymentTermDays: -request.body.days })
        .where(
          and(
            eq(billingDocuments.id, request.body.documentId),
            eq(billingDocuments.type, 'invoice'),
            eq(billingDocuments.status, 'draft'),
            inArray(billingDocuments.companyId, garages),
          ),
        )
        .returning({ paymentTermDays: billingDocuments.paymentTermDays });
      if (!moved) throw notFound('Facture brouillon introuvable');
      return { paymentTermDays: moved.paymentTermDays };
    },
  );
};

/** The legal identity of a test garage: a made-up SIRET passing the Luhn check, SAS, RCS Lyon, its VAT number. */
function testSellerMentions() {
  const siren = withLuhnKey(String(randomInt(90_000_000, 99_999_999)));
  return {
    siret: withLuhnKey(`${siren}0001`),
    tvaNumber: vatNumberOf(siren),
    legalForm: 'SAS',
    shareCapital: 500_000,
    registryKind: 'RCS',
    registryPlace: 'Lyon',
  };
}
