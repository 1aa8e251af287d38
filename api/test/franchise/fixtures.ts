import { randomBytes } from 'node:crypto';
import { DEMO_FRANCHISE, vatNumberOf, withLuhnKey } from 'contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { franchises, outbox } from '../../src/db/schema';

/** A SIRET passing the Luhn check, unique per call (13 random digits + the key). */
export const validSiret = (): string => withLuhnKey(`9${[...randomBytes(12)].map((byte) => byte % 10).join('')}`);

export const vatOf = (siret: string) => vatNumberOf(siret.slice(0, 9));

export async function demoFranchiseId(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ id: franchises.id }).from(franchises).where(eq(franchises.name, DEMO_FRANCHISE));
  if (!row) throw new Error('no demo franchise');
  return row.id;
}

/** A complete, valid creation payload (docs/product.md) for the franchise. */
export function centrePayload(franchiseId: number, overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  const siret = validSiret();
  const { company, ...rest } = overrides as { company?: Record<string, unknown> };
  return {
    firstname: 'Lucie',
    name: 'Bernard',
    email: `admin.${tag}@centre.garage.fr`,
    agreeTerms: true,
    ...rest,
    company: {
      name: `Vitrage Express Nantes ${tag}`,
      tradeName: 'VE Nantes',
      siret,
      phone: '02 40 00 00 00',
      tvaNumber: vatOf(siret),
      garageType: 'Fixe',
      emailApi: '',
      address: '12 rue de la Fosse',
      postalCode: '44000',
      city: 'Nantes',
      franchiseId,
      franchiseurId: 2,
      ...company,
    },
  };
}

/** The token of the last activation link e-mailed to `to`. */
export async function activationTokenOf(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await app.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const token = mail?.body.match(/\/activate\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no activation mail to ${to}`);
  return token;
}
