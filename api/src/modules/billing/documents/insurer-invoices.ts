import {
  CESSION_DOCUMENT_TYPE,
  CESSION_REQUIRED_REFUSAL,
  INSURER_INVOICE_DEDUCTIBLE_FIRST,
  INSURER_INVOICE_NEEDS_CESSION,
  INSURER_INVOICE_NEEDS_CLAIM,
  INSURER_INVOICE_NEEDS_FOLDER,
  type InsurerMentions,
} from 'contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Transaction } from '../../../db';
import { billingDocuments, companies, folderDocuments, folderHistory, folders } from '../../../db/schema';
import { conflict, DomainError } from '../../../lib/domain-error';
import { escapeHtml } from '../../../lib/sanitize';
import { vehicleMentionsOf } from './vehicle-mentions';

/*
 * An invoice an insurer pays prints the claim it settles and rests on the insured's signed assignment of
 * claim (cession de créance): read from the folder when it is issued, kept frozen with the document. Without a signed
 * cession it is issued only with a reason, written in the folder's history.
 */

type Document = typeof billingDocuments.$inferSelect;
const line = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(' ');

/** Refused by its kind: the page asks why to issue without a signed cession, whatever the message says. */
const cessionRequired = () =>
  new DomainError('conflict', INSURER_INVOICE_NEEDS_CESSION, { refusal: CESSION_REQUIRED_REFUSAL });

/** The insured's invoice of a split issued before its insurer invoice (the pairs of before they were issued together). */
async function issuedDeductibleOf(tx: Transaction, document: Document): Promise<InsurerMentions['deductible']> {
  if (document.deductibleInvoiceId === null) return null;
  const [row] = await tx
    .select({ number: billingDocuments.number, total: billingDocuments.totalAmount })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, document.deductibleInvoiceId));
  if (!row?.number) throw conflict(INSURER_INVOICE_DEDUCTIBLE_FIRST);
  return { amount: row.total, invoiceNumber: row.number };
}

/**
 * The mentions of an insurer invoice about to be issued, or a 409 saying what to do first. `workDay` is the invoice's
 * sale date (one date for the job); `deductible` the insured's invoice of its split when both are issued together.
 */
export async function insurerMentionsAtIssue(
  tx: Transaction,
  document: Document,
  workDay: string,
  cessionOverride: string | undefined,
  deductible: InsurerMentions['deductible'] = null,
): Promise<InsurerMentions> {
  if (document.folderId === null) throw conflict(INSURER_INVOICE_NEEDS_FOLDER);
  const [folder] = await tx
    .select({
      firstName: folders.firstName,
      lastName: folders.lastName,
      address: folders.address,
      postalCode: folders.postalCode,
      city: folders.city,
      plate: folders.plate,
      brand: folders.brand,
      model: folders.model,
      vin: folders.vin,
      policyNumber: folders.policyNumber,
      claimNumber: folders.claimNumber,
      garageType: companies.garageType,
      garageAddress: companies.address,
      garagePostalCode: companies.postalCode,
      garageCity: companies.city,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .where(and(eq(folders.id, document.folderId), eq(folders.companyId, document.companyId)));
  if (!folder) throw conflict(INSURER_INVOICE_NEEDS_FOLDER);
  if (!folder.claimNumber?.trim() || !folder.policyNumber?.trim()) throw conflict(INSURER_INVOICE_NEEDS_CLAIM);

  const split = deductible ?? (await issuedDeductibleOf(tx, document));

  const [cession] = await tx
    .select({ signedBy: folderDocuments.signedBy, signedAt: folderDocuments.signedAt })
    .from(folderDocuments)
    .where(
      and(
        eq(folderDocuments.folderId, document.folderId),
        eq(folderDocuments.typeFile, CESSION_DOCUMENT_TYPE),
        isNotNull(folderDocuments.signedAt),
      ),
    )
    .orderBy(desc(folderDocuments.signedAt))
    .limit(1);
  if (!cession?.signedAt && !cessionOverride) throw cessionRequired();

  // Mobile work is done at the customer's; otherwise at the garage. The mileage is the document's vehicle line.
  const { mileage: _mileage, ...vehicle } = vehicleMentionsOf({ ...folder, mileage: null });
  const atCustomer = folder.garageType === 'Mobile';
  return {
    claimNumber: folder.claimNumber,
    policyNumber: folder.policyNumber,
    insuredName: line(folder.firstName, folder.lastName),
    ...vehicle,
    workDate: workDay,
    workPlace: atCustomer
      ? line(folder.address, folder.postalCode, folder.city)
      : line(folder.garageAddress, folder.garagePostalCode, folder.garageCity),
    deductible: split,
    cession:
      cession?.signedAt && cession.signedBy
        ? { signedAt: cession.signedAt.toISOString(), signedBy: cession.signedBy }
        : null,
    cessionOverride: cession?.signedAt ? null : (cessionOverride ?? null),
  };
}

/** The reason an insurer invoice went out without a signed cession, in the folder's history (append-only). */
export async function recordCessionOverride(
  tx: Transaction,
  document: Document,
  number: string,
  reason: string,
  userId: number | null,
) {
  if (document.folderId === null) return;
  await tx.insert(folderHistory).values({
    folderId: document.folderId,
    companyId: document.companyId,
    userId,
    kind: 'cession_override',
    newValue: number,
    content: escapeHtml(reason),
  });
}
