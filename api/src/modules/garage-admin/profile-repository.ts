import { COMPANY_PROFILE_NOT_FOUND, type CompanyProfile, type companyProfileBodySchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { companies } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { logEvent } from '../ledger/events';

/** The fields of the garage's legal identity (what its invoices print about their seller). */
const LEGAL_IDENTITY = [
  'name',
  'siret',
  'tvaNumber',
  'address',
  'postalCode',
  'city',
  'legalForm',
  'shareCapital',
  'registryKind',
  'registryPlace',
  'vatExemption',
  'vatOnDebits',
  'vatFiling',
  // Where platforms send the garage its suppliers' e-invoices.
  'einvoicingAddress',
  // Not the legal identity, but it moves the yearly closings and the FEC: logged the same way.
  'fiscalYearStartMonth',
] as const;

const profileColumns = {
  id: companies.id,
  name: companies.name,
  tradeName: companies.tradeName,
  siret: companies.siret,
  tvaNumber: companies.tvaNumber,
  phone: companies.phone,
  email: companies.email,
  address: companies.address,
  postalCode: companies.postalCode,
  city: companies.city,
  legalForm: companies.legalForm,
  shareCapital: companies.shareCapital,
  registryKind: companies.registryKind,
  registryPlace: companies.registryPlace,
  vatExemption: companies.vatExemption,
  iban: companies.iban,
  vatOnDebits: companies.vatOnDebits,
  vatFiling: companies.vatFiling,
  einvoicingAddress: companies.einvoicingAddress,
  latePenaltyRate: companies.latePenaltyRate,
  fiscalYearStartMonth: companies.fiscalYearStartMonth,
};

export async function findProfile(db: Database, companyId: number): Promise<CompanyProfile> {
  const [row] = await db.select(profileColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound(COMPANY_PROFILE_NOT_FOUND);
  return {
    ...row,
    registryKind: row.registryKind as CompanyProfile['registryKind'],
    vatFiling: row.vatFiling as CompanyProfile['vatFiling'],
  };
}

/**
 * The profile saved; a change of what the invoices print about the seller is an event of the garage's technical log
 * (each field before and after), in the same transaction.
 */
export async function saveProfile(
  db: Database,
  companyId: number,
  body: z.output<typeof companyProfileBodySchema>,
  userId: number,
): Promise<CompanyProfile> {
  const before = await findProfile(db, companyId);
  await db.transaction(async (tx) => {
    await tx.update(companies).set(body).where(eq(companies.id, companyId));
    // A field the body leaves out (undefined) is unchanged, not cleared.
    const changed = LEGAL_IDENTITY.filter(
      (field) =>
        body[field] !== undefined && JSON.stringify(before[field] ?? null) !== JSON.stringify(body[field] ?? null),
    );
    if (changed.length > 0) {
      await logEvent(
        tx,
        companyId,
        'identity-change',
        Object.fromEntries(changed.map((field) => [field, { before: before[field], after: body[field] }])),
        userId,
      );
    }
  });
  return findProfile(db, companyId);
}
