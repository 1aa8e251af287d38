import { createHash, randomBytes } from 'node:crypto';
import {
  DEMO_ACCOUNTS,
  DEMO_COMPANIES,
  DEMO_FRANCHISE,
  DEMO_PASSWORD,
  INVITATION_TTL_DAYS,
  parisToday,
} from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/index';
import { companies, franchises, invitations, memberships, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { chainBackfill } from '../modules/ledger/backfill';
import { seedBillingDemo } from './billing';
import { seedDocumentMailsDemo } from './billing-mails';
import { seedDocsDemo } from './docs';
import { seedFolderPapersDemo } from './folder-papers';
import { seedFoldersDemo } from './folders';
import { seedImportsDemo } from './imports';
import { seedInsurersDemo } from './insurers';
import { seedMoneyDemo } from './money';
import { seedNotificationsDemo } from './notifications';
import { seedProductsDemo } from './products';
import { seedRecoveryDemo } from './recovery';
import { seedSetupDemo } from './setup';
import { seedSidexaDemo } from './sidexa';

type NewCompany = typeof companies.$inferInsert;

const C = DEMO_COMPANIES;

function demoCompanies(franchiseId: number): NewCompany[] {
  // Demo companies are marked so the seed recognises its own, and sign in without a second factor (docs/decisions.md).
  const centre = (company: Omit<NewCompany, 'franchiseId'>): NewCompany => ({
    ...company,
    franchiseId,
    demo: true,
    mfaRequiredRoles: [],
  });
  return [
    centre({
      name: C.franchisor,
      tradeName: 'Vitrage Express',
      siret: '81234567600017',
      tvaNumber: 'FR19812345676',
      phone: '0472001122',
      garageType: 'Fixe',
      emailApi: 'siege@vitrage-express.fr',
      // The franchisor's own company: its documents do not say « membre du réseau ».
      networkHeadOffice: true,
      jeton: 500,
      hourlyRate: 65,
    }),
    centre({
      name: C.lyon,
      tradeName: 'VE Lyon Gerland',
      siret: '82345678500026',
      tvaNumber: 'FR72823456785',
      phone: '0478123456',
      garageType: 'Fixe et Mobile',
      emailApi: 'lyon@vitrage-express.fr',
      jeton: 120,
      hourlyRate: 58,
    }),
    centre({
      name: C.paris,
      tradeName: 'VE Paris Vaugirard',
      siret: '83456789300039',
      tvaNumber: 'FR25834567893',
      phone: '0145671234',
      garageType: 'Fixe',
      emailApi: 'paris15@vitrage-express.fr',
      jeton: 45,
      hourlyRate: 72,
    }),
    centre({
      name: C.marseille,
      tradeName: 'VE Marseille Prado',
      siret: '84567890300046',
      tvaNumber: 'FR72845678903',
      phone: '0491234567',
      garageType: 'Mobile',
      emailApi: 'marseille@vitrage-express.fr',
      jeton: 8,
      hourlyRate: 55,
    }),
    centre({
      name: C.bordeaux,
      tradeName: 'VE Bordeaux Mérignac',
      siret: '85678901100058',
      tvaNumber: 'FR32856789011',
      phone: '0556789012',
      garageType: 'Fixe et Mobile',
      emailApi: 'bordeaux@vitrage-express.fr',
      jeton: 0,
      hourlyRate: 56,
    }),
    {
      name: C.centre,
      tradeName: 'Garage du Centre SARL',
      siret: '42187654100010',
      tvaNumber: 'FR19421876541',
      phone: '0241887766',
      garageType: 'Fixe',
      emailApi: 'contact@garageducentre.fr',
      franchiseId: null,
      demo: true,
      mfaRequiredRoles: [],
      jeton: 30,
      hourlyRate: 60,
      // Its fiscal year ended with last month: its accountant finds a whole closed year of the seeded records (the
      // last twelve months) to close and to export as a FEC, whatever day the demo is seeded.
      fiscalYearStartMonth: Number(parisToday().slice(5, 7)),
    },
    {
      name: C.martin,
      tradeName: 'Pare-Brise Martin',
      siret: '51298765200025',
      tvaNumber: 'FR59512987652',
      phone: '0320456789',
      garageType: 'Mobile',
      emailApi: 'martin@parebrise-martin.fr',
      franchiseId: null,
      demo: true,
      mfaRequiredRoles: [],
      jeton: 15,
      hourlyRate: 52,
    },
  ];
}

/**
 * "Mes utilisateurs" of Lyon shows an invitation waiting for its answer (its link is not in any mailbox: the demo
 * shows the list and its cancellation; the browser tests invite for real).
 */
async function seedPendingInvitation(tx: Transaction, lyon: number | undefined) {
  if (lyon === undefined) return;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'poseur.admin@demo.garage.fr'));
  await tx.insert(invitations).values({
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    companyId: lyon,
    email: 'nouvelle.recrue@exemple.fr',
    firstname: 'Camille',
    name: 'Roux',
    roles: ['ROLE_SERVICE_CLIENT'],
    invitedBy: admin?.id ?? null,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3_600_000),
  });
}

/** Seeds the demo data into an empty database; a database holding any company is left alone. */
/** What the demo seed did: planted it on an empty database, topped it up, or refused (a real garage is there). */
export type DemoSeedOutcome = 'seeded' | 'topped-up' | 'refused';

/**
 * Plants the demo network, or tops up a database it planted earlier (each part seeds what it lacks). Refuses a
 * database holding any company it did not plant: the demo's accounts, whose password is public, never join real data.
 */
export async function seedDemo(db: Database): Promise<DemoSeedOutcome> {
  const [{ count, real } = { count: 0, real: 0 }] = await db
    .select({
      count: sql<number>`count(*)::int`,
      real: sql<number>`(count(*) filter (where not ${companies.demo}))::int`,
    })
    .from(companies);
  if (real > 0) return 'refused';
  if (count > 0) {
    await seedFoldersDemo(db);
    await seedInsurersDemo(db);
    await seedNotificationsDemo(db);
    await seedDocsDemo(db);
    await seedProductsDemo(db);
    await seedBillingDemo(db);
    await seedMoneyDemo(db);
    await chainBackfill(db);
    await seedSidexaDemo(db);
    await seedRecoveryDemo(db);
    await seedFolderPapersDemo(db);
    await seedDocumentMailsDemo(db);
    await seedSetupDemo(db);
    await seedImportsDemo(db);
    return 'topped-up';
  }
  // One hash for every account: scrypt is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction(async (tx) => {
    // Several instances may start together on one PostgreSQL: only the first seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(20260101)`);
    const [again = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(companies);
    if (again.count > 0) return false;
    const [franchise] = await tx.insert(franchises).values({ name: DEMO_FRANCHISE }).returning();
    if (!franchise) throw new Error('franchise not created');
    const created = await tx.insert(companies).values(demoCompanies(franchise.id)).returning();
    const companyId = new Map(created.map((company) => [company.name, company.id]));
    for (const account of DEMO_ACCOUNTS) {
      const [firstname = '', ...rest] = account.name.split(' ');
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, firstname, name: rest.join(' '), passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error(`user ${account.email} not created`);
      await tx.insert(memberships).values(
        account.companies.map((name) => ({
          userId: user.id,
          companyId: companyId.get(name) ?? Number.NaN,
          roles: [account.role],
          isReferent: account.isReferent ?? false,
        })),
      );
    }
    await seedPendingInvitation(tx, companyId.get(C.lyon));
    return true;
  });
  // Folders first: the demo notifications are about them.
  await seedFoldersDemo(db);
  // Before the documents: an insurer invoice's buyer is the folder's directory entry.
  await seedInsurersDemo(db);
  await seedNotificationsDemo(db);
  await seedDocsDemo(db);
  await seedProductsDemo(db);
  await seedBillingDemo(db);
  // Payments go to the invoices the documents seed issued, each on the day it was taken.
  await seedMoneyDemo(db);
  // Documents and payments join their garages' chains in the order they happened, before any day is closed.
  await chainBackfill(db);
  await seedSidexaDemo(db);
  // Recoveries go to the invoices the money seed left unpaid.
  await seedRecoveryDemo(db);
  // The returning customer's signed papers name her quotes and invoices.
  await seedFolderPapersDemo(db);
  // Her quotes and invoices were sent to her by e-mail, each with its outcome.
  await seedDocumentMailsDemo(db);
  // A logo and a valid IBAN: the demo garages' « Mise en route » is complete.
  await seedSetupDemo(db);
  // The Lyon garage's unpaid invoices of its former software, imported as opening balances.
  await seedImportsDemo(db);
  return seeded ? 'seeded' : 'topped-up';
}
