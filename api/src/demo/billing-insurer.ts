import { CESSION_DOCUMENT_TYPE, formatPlate, type InsurerMentions, type InsurerShare } from 'contracts';
import type { Transaction } from '../db';
import { folderDocumentContents, folderDocuments, folderHistory, folders } from '../db/schema';
import { parisDay } from '../modules/billing/documents/numbering';
import { cessionFacts, cessionPdf } from '../modules/folders/papers/cession';

/*
 * The demo's insurer invoices as issuing them would have made them: each cites its claim and the insured's
 * deductible invoice (which cites it back), and rests on a cession signed on screen the day of the work (a real signed PDF among the
 * folder's documents), except the first of each garage, issued without one for a reason written in the history.
 */

/** What the demo's plan knows of a document (seed.ts's Doc). */
interface ClaimDoc {
  companyId: number;
  status?: string;
  issuedAt?: Date | null;
  number?: string | null;
  saleDate?: string | null;
  customer: { name: string };
  insurerMentions?: InsurerMentions | null;
  insurerShare?: InsurerShare | null;
}

/** What the demo reads of a folder for its insurer invoices. */
export const CLAIM_FACTS = {
  policyNumber: folders.policyNumber,
  plate: folders.plate,
  brand: folders.brand,
  model: folders.model,
  vin: folders.vin,
  appointmentAt: folders.appointmentAt,
  closedAt: folders.closedAt,
};

export interface DemoClaim {
  folder: {
    id: number;
    firstName: string;
    lastName: string;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    claimNumber: string | null;
    policyNumber: string | null;
    plate: string;
    brand: string | null;
    model: string | null;
    vin: string | null;
  };
  insurer: ClaimDoc;
  /** The insured's deductible invoice of the same split, and its total (cents). */
  deductible: ClaimDoc;
  deductibleTotal: number;
  /** The insurer's share (its invoice's total, cents). */
  insurerTotal: number;
  /** Where the garage works: its own address, or the customer's for a mobile-only garage. */
  workPlace: string;
}

export const DEMO_CESSION_OVERRIDE = 'Assuré injoignable le jour de la pose : accord de l’assureur par téléphone';

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(' ');

/** Sets the insurer mentions of the demo's issued insurer invoices; answers the cessions to sign. */
export function claimMentions(claims: DemoClaim[]) {
  const cessions: { companyId: number; folderId: number; signedBy: string; signedAt: Date }[] = [];
  const overridden = new Set<number>();
  for (const claim of claims) {
    const { insurer, deductible, folder } = claim;
    if (insurer.status === 'draft' || !insurer.issuedAt || !deductible.number || !insurer.number) continue;
    const companyId = insurer.companyId;
    const override = !overridden.has(companyId);
    overridden.add(companyId);
    const insuredName = joined(folder.firstName, folder.lastName);
    // Signed the morning of the work, before the invoices.
    const signedAt = new Date(insurer.issuedAt.getTime() - 2 * 3_600_000);
    if (!override) cessions.push({ companyId, folderId: folder.id, signedBy: insuredName, signedAt });
    const mentions: InsurerMentions = {
      claimNumber: folder.claimNumber ?? '',
      policyNumber: folder.policyNumber ?? '',
      insuredName,
      plate: formatPlate(folder.plate),
      vehicle: joined(folder.brand, folder.model),
      vin: folder.vin ?? '',
      // One date for the job: the invoices' sale date.
      workDate: insurer.saleDate ?? parisDay(insurer.issuedAt),
      workPlace: claim.workPlace,
      deductible: { amount: claim.deductibleTotal, invoiceNumber: deductible.number },
      cession: override ? null : { signedAt: signedAt.toISOString(), signedBy: insuredName },
      cessionOverride: override ? DEMO_CESSION_OVERRIDE : null,
    };
    insurer.insurerMentions = mentions;
    deductible.insurerShare = {
      insurerName: insurer.customer.name,
      claimNumber: mentions.claimNumber,
      invoiceNumber: insurer.number,
      amount: claim.insurerTotal,
      workTotal: claim.insurerTotal + claim.deductibleTotal,
    };
  }
  return { cessions, overrides: claims.filter((claim) => claim.insurer.insurerMentions?.cessionOverride) };
}

/** The signed cession PDFs among the folders' documents, and the overrides in their history. */
export async function seedCessions(
  tx: Transaction,
  { cessions, overrides }: ReturnType<typeof claimMentions>,
): Promise<void> {
  for (const cession of cessions) {
    const facts = await cessionFacts(tx, [cession.companyId], cession.folderId);
    if (!facts) continue;
    const pdf = Buffer.from(await cessionPdf(facts, { name: cession.signedBy, at: cession.signedAt }));
    const name = `Cession de créance signée par ${cession.signedBy}`;
    const [document] = await tx
      .insert(folderDocuments)
      .values({
        folderId: cession.folderId,
        companyId: cession.companyId,
        name,
        typeFile: CESSION_DOCUMENT_TYPE,
        fileName: `cession-de-creance-${facts.number}-signee.pdf`,
        mimeType: 'application/pdf',
        size: pdf.length,
        signedBy: cession.signedBy,
        signedAt: cession.signedAt,
        createdAt: cession.signedAt,
      })
      .returning({ id: folderDocuments.id });
    if (!document) continue;
    await tx.insert(folderDocumentContents).values({ documentId: document.id, content: pdf });
    await tx.insert(folderHistory).values({
      folderId: cession.folderId,
      companyId: cession.companyId,
      kind: 'document',
      field: CESSION_DOCUMENT_TYPE,
      newValue: name,
      createdAt: cession.signedAt,
    });
  }
  for (const { insurer, folder } of overrides) {
    await tx.insert(folderHistory).values({
      folderId: folder.id,
      companyId: insurer.companyId,
      kind: 'cession_override',
      newValue: insurer.number,
      content: DEMO_CESSION_OVERRIDE,
      createdAt: insurer.issuedAt ?? undefined,
    });
  }
}
