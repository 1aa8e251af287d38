import { parisDay } from 'contracts';
import { and, asc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import {
  billingDocuments,
  companies,
  documentOriginals,
  ledgerClosings,
  ledgerEvents,
  ledgerLinks,
} from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import { findDocument } from '../billing/documents/documents-queries';
import { originalPdf } from '../billing/documents/originals';
import { jsonFile } from '../ledger/archive-format';
import { closingRecord, documentRecords, paymentRecords } from '../ledger/records';

/*
 * What a garage's archive holds for a period (Paris days, both included): the sales records whose link was recorded
 * in it (a document by its issue, a payment by its recording: the chain's own dates, those the closings total), the
 * PDF of each document as issued, the closings of the period, and — whole, from their first link — the garage's
 * chain and event log up to their heads, so that every hash in them can be recomputed from the genesis without
 * trusting anything outside the archive (a period's first link depends on every link before it).
 */

const RECORD_KINDS = new Set(['invoice', 'credit-note', 'payment']);
const BATCH = 5_000;

export interface ArchiveContents {
  files: [string, Uint8Array][];
  garage: Record<string, unknown>;
  counts: Record<string, number>;
}

/** A file name from a document number (numbers are letters, digits and dashes; anything else is replaced). */
const safeName = (number: string) => number.replace(/[^A-Za-z0-9._-]/g, '_');
const pdfPath = (number: string) => `pdf/${safeName(number)}.pdf`;
/** The e-invoice (CII) a Factur-X original carries, also kept as a file of its own. */
const einvoicePath = (number: string) => `einvoice/${safeName(number)}.xml`;

/**
 * Freezes the original of each issued document of the period that has none yet (issued before originals were kept,
 * or whose issue has not frozen it yet): the same original its first download would freeze, kept ever after.
 */
export async function freezeOriginals(db: Database | Transaction, companyId: number, from: string, to: string) {
  const issuedDay = sql`(${billingDocuments.issuedAt} at time zone ${PARIS_ZONE})::date`;
  const missing = await db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
        ne(billingDocuments.status, 'draft'),
        sql`${issuedDay} between ${from}::date and ${to}::date`,
        sql`not exists (select 1 from ${documentOriginals} where ${documentOriginals.documentId} = ${billingDocuments.id})`,
      ),
    )
    .orderBy(asc(billingDocuments.id));
  for (const { id } of missing) {
    const document = await findDocument(db, [companyId], id);
    if (document) await originalPdf(db, document);
  }
}

async function chainLinks(tx: Transaction, companyId: number, throughSeq: number) {
  const links: (typeof ledgerLinks.$inferSelect)[] = [];
  for (;;) {
    const batch = await tx
      .select()
      .from(ledgerLinks)
      .where(
        and(
          eq(ledgerLinks.companyId, companyId),
          gt(ledgerLinks.seq, links.at(-1)?.seq ?? 0),
          lte(ledgerLinks.seq, throughSeq),
        ),
      )
      .orderBy(asc(ledgerLinks.seq))
      .limit(BATCH);
    links.push(...batch);
    if (batch.length < BATCH) return links;
  }
}

async function garageIdentity(tx: Transaction, companyId: number) {
  const [garage] = await tx
    .select({
      id: companies.id,
      name: companies.name,
      tradeName: companies.tradeName,
      siret: companies.siret,
      vatNumber: companies.tvaNumber,
      legalForm: companies.legalForm,
      address: companies.address,
      postalCode: companies.postalCode,
      city: companies.city,
      fiscalYearStartMonth: companies.fiscalYearStartMonth,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!garage) throw new Error(`no company ${companyId}`);
  return garage;
}

/**
 * Each document of the period in the archive: its record and, for a frozen one, its original PDF and the e-invoice
 * its Factur-X carries, as files of their own.
 */
function documentFiles(
  documentLinks: Awaited<ReturnType<typeof chainLinks>>,
  originals: Map<number, typeof documentOriginals.$inferSelect>,
  documents: Awaited<ReturnType<typeof documentRecords>>,
) {
  const pdfs: [string, Uint8Array][] = [];
  const einvoices: [string, Uint8Array][] = [];
  const documentEntries = documentLinks.map((link) => {
    const original = originals.get(link.recordId);
    const path = pdfPath(link.reference);
    if (original) pdfs.push([path, original.pdf]);
    const xmlPath = einvoicePath(link.reference);
    if (original?.einvoiceXml) einvoices.push([xmlPath, new TextEncoder().encode(original.einvoiceXml)]);
    return {
      seq: link.seq,
      kind: link.kind,
      number: link.reference,
      record: documents.get(link.recordId) ?? null,
      original: original
        ? {
            pdf: path,
            sha256: original.sha256,
            issued: original.canonical ? JSON.parse(original.canonical) : null,
            issuedSha256: original.canonicalSha256,
            einvoice: original.einvoiceXml ? xmlPath : null,
          }
        : null,
    };
  });
  return { documentEntries, pdfs, einvoices };
}

/** The archive's files but its manifest, signature, key and read-me, read in `tx` on the garage's locked head. */
export async function archiveContents(
  tx: Transaction,
  companyId: number,
  period: { from: string; to: string },
  head: { seq: number; eventSeq: number },
): Promise<ArchiveContents> {
  const links = await chainLinks(tx, companyId, head.seq);
  const inPeriod = links.filter((link) => {
    const day = parisDay(link.recordedAt);
    return RECORD_KINDS.has(link.kind) && day >= period.from && day <= period.to;
  });
  const documentLinks = inPeriod.filter((link) => link.kind !== 'payment');
  const paymentLinks = inPeriod.filter((link) => link.kind === 'payment');
  const documentIds = documentLinks.map((link) => link.recordId);

  const documents = await documentRecords(tx, documentIds);
  const receipts = await paymentRecords(
    tx,
    paymentLinks.map((link) => link.recordId),
  );
  const originals = new Map(
    documentIds.length === 0
      ? []
      : (await tx.select().from(documentOriginals).where(inArray(documentOriginals.documentId, documentIds))).map(
          (original) => [original.documentId, original],
        ),
  );
  const closings = await tx
    .select()
    .from(ledgerClosings)
    .where(
      and(
        eq(ledgerClosings.companyId, companyId),
        gte(ledgerClosings.periodStart, period.from),
        lte(ledgerClosings.periodEnd, period.to),
      ),
    )
    .orderBy(asc(ledgerClosings.seq));
  const events = await tx
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.companyId, companyId), lte(ledgerEvents.seq, head.eventSeq)))
    .orderBy(asc(ledgerEvents.seq));

  const { documentEntries, pdfs, einvoices } = documentFiles(documentLinks, originals, documents);
  const files: [string, Uint8Array][] = [
    ['records/documents.json', jsonFile(documentEntries)],
    [
      'records/payments.json',
      jsonFile(
        paymentLinks.map((link) => ({
          seq: link.seq,
          invoiceNumber: link.reference,
          record: receipts.get(link.recordId) ?? null,
        })),
      ),
    ],
    [
      'closings.json',
      jsonFile(
        closings.map((closing) => ({
          seq: closing.seq,
          hash: closing.hash,
          closedAt: closing.closedAt,
          record: closingRecord(closing),
        })),
      ),
    ],
    ['events.json', jsonFile(events.map(({ id: _id, companyId: _company, ...event }) => event))],
    ['chain.json', jsonFile(links.map(({ id: _id, companyId: _company, ...link }) => link))],
    ...pdfs,
    ...einvoices,
  ];
  return {
    files,
    garage: await garageIdentity(tx, companyId),
    counts: {
      invoices: documentLinks.filter((link) => link.kind === 'invoice').length,
      creditNotes: documentLinks.filter((link) => link.kind === 'credit-note').length,
      payments: paymentLinks.length,
      pdfs: pdfs.length,
      closings: closings.length,
      events: events.length,
      links: links.length,
    },
  };
}
