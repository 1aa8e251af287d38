import {
  type BillingParty,
  type BillTo,
  type DeductibleTerms,
  DOCUMENT_CUSTOMER_REQUIRED,
  DOCUMENT_FOLDER_UNKNOWN,
  DOCUMENT_SUPPLIER_REQUIRED,
  DOCUMENT_SUPPLIER_UNKNOWN,
  type DocumentType,
  type documentBodySchema,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../../db';
import { folders, insurers, suppliers } from '../../../db/schema';
import { invalid } from '../../../lib/domain-error';

/*
 * The parties of a document: its buyer read from its folder (the customer, or the insurer's directory entry) or
 * from its supplier, when the form leaves it empty; folder and supplier must be the garage's own.
 */

type Body = z.output<typeof documentBodySchema>;

export type FolderFacts = Pick<
  typeof folders.$inferSelect,
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'email'
  | 'insurer'
  | 'claimNumber'
  | 'deductibleAmount'
  | 'deductiblePercent'
  | 'deductibleMinimum'
> & {
  /** The folder's insurer directory entry (null: none, or a name typed before the directory). */
  insurerEntry: Pick<
    typeof insurers.$inferSelect,
    | 'legalName'
    | 'address'
    | 'postalCode'
    | 'city'
    | 'siren'
    | 'vatNumber'
    | 'email'
    | 'einvoicingAddress'
    | 'billingAddress'
  > | null;
};

/** The folder columns a document's buyer is filled from. */
export const FOLDER_FACTS = {
  firstName: folders.firstName,
  lastName: folders.lastName,
  address: folders.address,
  postalCode: folders.postalCode,
  city: folders.city,
  email: folders.email,
  insurer: folders.insurer,
  claimNumber: folders.claimNumber,
  deductibleAmount: folders.deductibleAmount,
  deductiblePercent: folders.deductiblePercent,
  deductibleMinimum: folders.deductibleMinimum,
  insurerEntry: {
    legalName: insurers.legalName,
    address: insurers.address,
    postalCode: insurers.postalCode,
    city: insurers.city,
    siren: insurers.siren,
    vatNumber: insurers.vatNumber,
    email: insurers.email,
    einvoicingAddress: insurers.einvoicingAddress,
    billingAddress: insurers.billingAddress,
  },
};

export async function folderOf(tx: Transaction, companyId: number, folderId: number): Promise<FolderFacts | undefined> {
  const [row] = await tx
    .select(FOLDER_FACTS)
    .from(folders)
    .leftJoin(insurers, eq(insurers.id, folders.insurerId))
    .where(and(eq(folders.id, folderId), eq(folders.companyId, companyId)));
  return row;
}

const party = (fields: Partial<BillingParty> & { name: string }): BillingParty => ({
  address: '',
  postalCode: '',
  city: '',
  siren: '',
  vatNumber: '',
  email: '',
  einvoicingAddress: '',
  isBusiness: false,
  ...fields,
});

/** A supplier as the purchase order addressed to it prints it (a business). */
export const supplierParty = (supplier: typeof suppliers.$inferSelect): BillingParty =>
  party({
    name: supplier.name,
    address: supplier.address ?? '',
    postalCode: supplier.postalCode ?? '',
    city: supplier.city ?? '',
    siren: supplier.siret?.slice(0, 9) ?? '',
    vatNumber: supplier.vatNumber ?? '',
    email: supplier.email ?? '',
    isBusiness: true,
  });

/** The policy's deductible terms the folder holds. */
export const deductibleTermsOf = (folder: FolderFacts): DeductibleTerms => ({
  amount: folder.deductibleAmount,
  percent: folder.deductiblePercent,
  minimum: folder.deductibleMinimum,
});

/** The folder's customer, or its insurer (a business: the recovery indemnity applies), as billed. */
export function folderParty(folder: FolderFacts, billTo: BillTo): BillingParty | undefined {
  if (billTo === 'insurer') {
    // The directory entry is the buyer (legal name, head office, SIREN, VAT number); a name typed before the
    // directory is billed by its name alone, and the issue gate then asks for the rest.
    const entry = folder.insurerEntry;
    if (entry) {
      const { billingAddress, ...office } = entry;
      return party({
        ...office,
        ...(billingAddress ? { billingAddress } : {}),
        name: entry.legalName,
        isBusiness: true,
      });
    }
    if (!folder.insurer) return undefined;
    return party({ name: folder.insurer, isBusiness: true });
  }
  const name = `${folder.firstName} ${folder.lastName}`.trim();
  if (!name) return undefined;
  return party({
    name,
    address: folder.address ?? '',
    postalCode: folder.postalCode ?? '',
    city: folder.city ?? '',
    email: folder.email ?? '',
  });
}

/**
 * Folder, supplier and buyer of a document of `companyId`: both must be the garage's; a purchase order is
 * addressed to its supplier; a buyer left empty comes from the folder (customer or insurer) or the supplier.
 */
export async function partiesOf(tx: Transaction, companyId: number, type: DocumentType, body: Body) {
  const folder = body.folderId === null ? undefined : await folderOf(tx, companyId, body.folderId);
  if (body.folderId !== null && !folder) throw invalid(DOCUMENT_FOLDER_UNKNOWN);
  if (type === 'purchase-order' && body.supplierId === null) throw invalid(DOCUMENT_SUPPLIER_REQUIRED);
  const [supplier] =
    body.supplierId === null
      ? []
      : await tx
          .select()
          .from(suppliers)
          .where(and(eq(suppliers.id, body.supplierId), eq(suppliers.companyId, companyId)));
  if (body.supplierId !== null && !supplier) throw invalid(DOCUMENT_SUPPLIER_UNKNOWN);
  const billTo: BillTo = type === 'purchase-order' ? 'supplier' : body.billTo;
  const fromSupplier = supplier && supplierParty(supplier);
  const customer =
    body.customer ?? (billTo === 'supplier' ? fromSupplier : folder ? folderParty(folder, billTo) : undefined);
  if (!customer) throw invalid(DOCUMENT_CUSTOMER_REQUIRED);
  return { folderId: body.folderId, supplierId: body.supplierId, billTo, customer };
}
