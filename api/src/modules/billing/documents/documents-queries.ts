import {
  type BillingDocument,
  type BillTo,
  DOCUMENT_COLUMNS,
  DOCUMENT_STATUS_FLOW,
  type DocumentRow,
  type DocumentStatus,
  type DocumentType,
  documentTotals,
  LIFECYCLE_STATUSES,
  type LineUnit,
  type OperationCategory,
  type PagingQuery,
  type PartOrigin,
  platformStatusLabel,
} from 'contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db';
import {
  billingDocumentLines,
  billingDocuments,
  companies,
  companyLogos,
  folders,
  franchises,
} from '../../../db/schema';
import { iso } from '../../../lib/iso-date';
import { escapeLike } from '../../../lib/like';
import { type ListQuery, resolvePaging } from '../../../lib/paging';
import { PARIS_ZONE } from '../../../lib/paris-time';
import { matchesAllWords } from '../../../lib/search';
import { amountOf } from './document-lines';
import { splitPartnerWhere } from './document-rows';
import { vehicleMentionsOf } from './vehicle-mentions';

/* Reading documents: one in full, the paged lists, a folder's documents, the seller printed on them. */

const source = alias(billingDocuments, 'source');

/** The whole document as the page shows it, or undefined outside `companyIds`. */
/** A document made from another one, as the other one lists it. */
const relatedDocument = (item: { id: number; type: string; number: string | null; status: string }) => ({
  ...item,
  type: item.type as DocumentType,
  status: item.status as DocumentStatus,
});

/** A stored line as the document answers it. */
const toLine = (line: typeof billingDocumentLines.$inferSelect) => ({
  id: line.id,
  position: line.position,
  title: line.title,
  productId: line.productId,
  details: line.details,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  remise: line.remise,
  taxRate: line.taxRate,
  addToStock: line.addToStock,
  unit: line.unit as LineUnit,
  partOrigin: line.partOrigin as PartOrigin | null,
  deductsDepositId: line.deductsDepositId,
  total: line.total,
});

/** What an invoice says of the claim it bills (insurer or insured) and whether it is a deposit, frozen at issue. */
const claimMentions = (document: typeof billingDocuments.$inferSelect) => ({
  insurerMentions: document.insurerMentions ?? null,
  insurerShare: document.insurerShare ?? null,
  deposit: document.deposit,
});

/** The documents made from one (a quote's invoices, an invoice's credit notes), oldest first. */
const derivedFrom = (db: Database, id: number) =>
  db
    .select({
      id: billingDocuments.id,
      type: billingDocuments.type,
      number: billingDocuments.number,
      status: billingDocuments.status,
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.sourceId, id))
    .orderBy(asc(billingDocuments.id));

/** The other invoice of a deductible split, as the document's page links it. */
async function splitPartnerOf(db: Database, document: typeof billingDocuments.$inferSelect) {
  const where = splitPartnerWhere(document);
  if (!where) return null;
  const [partner] = await db
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      status: billingDocuments.status,
      billTo: billingDocuments.billTo,
      totalAmount: billingDocuments.totalAmount,
    })
    .from(billingDocuments)
    .where(where)
    .limit(1);
  return partner ? { ...partner, status: partner.status as DocumentStatus, billTo: partner.billTo as BillTo } : null;
}

export async function findDocument(
  db: Database,
  companyIds: number[],
  id: number,
): Promise<BillingDocument | undefined> {
  const [row] = await db
    .select({
      document: billingDocuments,
      folderNumber: folders.number,
      sourceNumber: source.number,
      folderVehicle: {
        plate: folders.plate,
        brand: folders.brand,
        model: folders.model,
        vin: folders.vin,
        mileage: folders.mileage,
      },
    })
    .from(billingDocuments)
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .leftJoin(source, eq(source.id, billingDocuments.sourceId))
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.companyId, companyIds)));
  if (!row) return undefined;
  const { document } = row;
  const [lines, derived, splitPartner] = await Promise.all([
    db
      .select()
      .from(billingDocumentLines)
      .where(eq(billingDocumentLines.documentId, id))
      .orderBy(asc(billingDocumentLines.position), asc(billingDocumentLines.id)),
    derivedFrom(db, id),
    splitPartnerOf(db, document),
  ]);
  const { vatByRate } = documentTotals(lines.map(amountOf), document.taxInclusive);
  return {
    id: document.id,
    type: document.type as DocumentType,
    status: document.status as DocumentStatus,
    number: document.number,
    companyId: document.companyId,
    folderId: document.folderId,
    folderNumber: row.folderNumber,
    supplierId: document.supplierId,
    billTo: document.billTo as BillTo,
    customer: document.customer,
    deliveryAddress: document.deliveryAddress,
    operationCategory: document.operationCategory as OperationCategory,
    tax: document.tax,
    taxInclusive: document.taxInclusive,
    saleDate: document.saleDate,
    paymentTermDays: document.paymentTermDays,
    paidAtIssue: document.paidAtIssue,
    issuedAt: iso(document.issuedAt),
    dueDate: document.dueDate,
    notes: document.notes,
    buyerReference: document.buyerReference,
    exemptionReason: document.exemptionReason,
    executionDelay: document.executionDelay,
    quoteFee: document.quoteFee,
    // Frozen at issue; a draft shows the folder's vehicle as it is now.
    vehicleMentions:
      document.vehicleMentions ??
      (document.status === 'draft' && row.folderVehicle?.plate ? vehicleMentionsOf(row.folderVehicle) : null),
    ...claimMentions(document),
    splitPartner,
    lines: lines.map(toLine),
    preTaxAmount: document.preTaxAmount,
    taxAmount: document.taxAmount,
    totalAmount: document.totalAmount,
    vatByRate,
    paidAmount: document.paidAmount,
    creditedAmount: document.creditedAmount,
    creditReason: document.creditReason,
    sourceId: document.sourceId,
    sourceNumber: row.sourceNumber,
    derived: derived.map(relatedDocument),
    editable: document.status === 'draft',
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}

type Column = (typeof DOCUMENT_COLUMNS)[number];
const customerName = sql<string>`${billingDocuments.customer}->>'name'`;

const rowColumns = {
  id: billingDocuments.id,
  type: billingDocuments.type,
  number: billingDocuments.number,
  createdAt: billingDocuments.createdAt,
  issuedAt: billingDocuments.issuedAt,
  customer: customerName,
  folderId: billingDocuments.folderId,
  folder: folders.number,
  preTaxAmount: billingDocuments.preTaxAmount,
  totalAmount: billingDocuments.totalAmount,
  paidAmount: billingDocuments.paidAmount,
  creditedAmount: billingDocuments.creditedAmount,
  billTo: billingDocuments.billTo,
  status: billingDocuments.status,
  dueDate: billingDocuments.dueDate,
  platformStatus: billingDocuments.platformStatus,
};
type RowValues = Omit<DocumentRow, 'type' | 'status' | 'createdAt' | 'issuedAt' | 'billTo' | 'platformLabel'> & {
  type: string;
  status: string;
  billTo: string;
  createdAt: Date;
  issuedAt: Date | null;
};
const toRow = (row: RowValues): DocumentRow => ({
  ...row,
  type: row.type as DocumentType,
  billTo: row.billTo as BillTo,
  status: row.status as DocumentStatus,
  createdAt: row.createdAt.toISOString(),
  issuedAt: iso(row.issuedAt),
  platformLabel: platformStatusLabel(row.platformStatus),
});

const SORTS: Record<Column, SQL> = {
  number: sql`${billingDocuments.number}`,
  createdAt: sql`${billingDocuments.createdAt}`,
  customer: customerName,
  folder: sql`${folders.number}`,
  preTaxAmount: sql`${billingDocuments.preTaxAmount}`,
  totalAmount: sql`${billingDocuments.totalAmount}`,
  status: sql`${billingDocuments.status}`,
  platform: sql`${billingDocuments.platformStatus}`,
};
/** The platform statuses whose French label holds what was typed (« refus » finds 210 Refusée). */
function platformStatuses(value: string): string[] {
  const typed = value.trim().toLowerCase();
  return ['queued', ...Object.keys(LIFECYCLE_STATUSES)].filter((code) =>
    platformStatusLabel(code).toLowerCase().includes(typed),
  );
}
const amountFilter = (column: SQL, value: string) =>
  sql`(${column} / 100.0)::text like ${`${escapeLike(value.replace(',', '.'))}%`}`;
const FILTERS: Record<Exclude<Column, 'status'>, (value: string) => SQL> = {
  number: (value) => sql`${billingDocuments.number} ilike ${`%${escapeLike(value)}%`}`,
  createdAt: (value) =>
    sql`to_char(${billingDocuments.createdAt} at time zone ${PARIS_ZONE}, 'YYYY-MM-DD') like ${`${escapeLike(value)}%`}`,
  customer: (value) => sql`${customerName} ilike ${`%${escapeLike(value)}%`}`,
  folder: (value) => sql`${folders.number} ilike ${`%${escapeLike(value)}%`}`,
  preTaxAmount: (value) => amountFilter(sql`${billingDocuments.preTaxAmount}`, value),
  totalAmount: (value) => amountFilter(sql`${billingDocuments.totalAmount}`, value),
  platform: (value) => {
    const codes = platformStatuses(value);
    return codes.length > 0 ? inArray(billingDocuments.platformStatus, codes) : sql`false`;
  },
};

/**
 * What a document list asks for over `companyIds`: its paging resolved (column indexes into DOCUMENT_COLUMNS unless
 * the client sends its columnsMap), the WHERE of its search (number and buyer) and column filters, and its status
 * tab apart (the tabs count over everything but the tab). The list and its period export read the same rows
 * through it; both join `folders` (the folder filter).
 */
export function documentListFilter(companyIds: number[], type: DocumentType, query: ListQuery) {
  const paging = resolvePaging(
    { ...query, columnsMap: query.columnsMap ?? JSON.stringify(DOCUMENT_COLUMNS) },
    DOCUMENT_COLUMNS,
    { sort: 'createdAt', dir: 'desc' },
  );
  const base: SQL[] = [inArray(billingDocuments.companyId, companyIds), eq(billingDocuments.type, type)];
  // The document's number and buyer, and its folder's plate, names, claim and policy numbers, phone.
  const search = matchesAllWords(paging.search, [sql`${billingDocuments.searchText}`, sql`${folders.searchText}`]);
  if (search) base.push(search);
  for (const [key, value] of Object.entries(paging.filters) as [Column, string][]) {
    if (key !== 'status') base.push(FILTERS[key](value));
  }
  return { paging, everything: and(...base) as SQL, tab: paging.filters.status };
}

/**
 * A page of one type's documents over `companyIds` (`documentListFilter`), with the count per status for the tabs
 * (over everything asked for but the status itself). Newest first by default.
 */
export async function listDocuments(db: Database, companyIds: number[], type: DocumentType, query: PagingQuery) {
  const { paging, everything, tab } = documentListFilter(companyIds, type, query);
  const direction = sql.raw(paging.dir === 'asc' ? 'asc' : 'desc');
  const [rows, perStatus] = await Promise.all([
    db
      .select(rowColumns)
      .from(billingDocuments)
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(tab ? and(everything, eq(billingDocuments.status, tab)) : everything)
      .orderBy(
        sql`${SORTS[paging.sort ?? 'createdAt']} ${direction} nulls last`,
        sql`${billingDocuments.id} ${direction}`,
      )
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ status: billingDocuments.status, total: count() })
      .from(billingDocuments)
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(everything)
      .groupBy(billingDocuments.status),
  ]);
  const statusCounts: Record<string, number> = { all: 0 };
  for (const status of Object.keys(DOCUMENT_STATUS_FLOW[type])) statusCounts[status] = 0;
  for (const row of perStatus) {
    statusCounts[row.status] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  return {
    data: rows.map(toRow),
    totalRecords: tab === undefined ? (statusCounts.all ?? 0) : (statusCounts[tab] ?? 0),
    statusCounts,
  };
}

/** The garage of a folder of `companyIds`, or undefined. */
export async function folderCompany(db: Database, companyIds: number[], folderId: number) {
  const [row] = await db
    .select({ companyId: folders.companyId })
    .from(folders)
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, companyIds)));
  return row?.companyId;
}

/** A folder's documents of the given types, newest first. */
export async function folderDocuments(db: Database, companyId: number, folderId: number, types: DocumentType[]) {
  if (types.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(billingDocuments)
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(
      and(
        eq(billingDocuments.folderId, folderId),
        eq(billingDocuments.companyId, companyId),
        inArray(billingDocuments.type, types),
      ),
    )
    .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id));
  return rows.map(toRow);
}

/** What the PDF prints about the seller. */
export async function sellerOf(db: Database, companyId: number) {
  const [row] = await db
    .select({
      name: companies.name,
      tradeName: companies.tradeName,
      address: companies.address,
      postalCode: companies.postalCode,
      city: companies.city,
      siret: companies.siret,
      vatNumber: companies.tvaNumber,
      legalForm: companies.legalForm,
      shareCapital: companies.shareCapital,
      registryKind: companies.registryKind,
      registryPlace: companies.registryPlace,
      vatExemption: companies.vatExemption,
      email: companies.email,
      phone: companies.phone,
      iban: companies.iban,
      vatOnDebits: companies.vatOnDebits,
      latePenaltyRate: companies.latePenaltyRate,
      einvoicingAddress: companies.einvoicingAddress,
      /** A franchisee's network (null for an independent garage and for the network's head office). */
      network: sql<string | null>`case when ${companies.networkHeadOffice} then null else ${franchises.name} end`,
      /** The uploaded logo, printed top-left (null: none). */
      logoMimeType: companyLogos.mimeType,
      logoContent: companyLogos.content,
    })
    .from(companies)
    .leftJoin(companyLogos, eq(companyLogos.companyId, companies.id))
    .leftJoin(franchises, eq(franchises.id, companies.franchiseId))
    .where(eq(companies.id, companyId));
  if (!row) throw new Error(`no company ${companyId}`);
  return row;
}
export type Seller = Awaited<ReturnType<typeof sellerOf>>;
