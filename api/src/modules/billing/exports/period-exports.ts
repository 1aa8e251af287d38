import {
  DOCUMENT_LIST_TITLES,
  documentTotals,
  type ExportableDocumentType,
  invoiceBalance,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PeriodExportFormat,
  type PeriodExportKind,
  parisDay,
  paymentKindOf,
  percentLabel,
  periodExportFileName,
  type periodExportQuerySchema,
} from 'contracts';
import { and, asc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../db';
import { billingDocumentLines, billingDocuments, companies, folders, payments } from '../../../db/schema';
import { attachment } from '../../../lib/content-disposition';
import { digestingTap } from '../../../lib/digest-stream';
import { PARIS_ZONE } from '../../../lib/paris-time';
import { SHEET_CONTENT_TYPES, type SheetColumn, type SheetValue, sheetStream } from '../../../lib/spreadsheet';
import { logEvent } from '../../ledger/events';
import { amountOf } from '../documents/document-lines';
import { documentListFilter } from '../documents/documents-queries';
import { paymentCancelled, paymentListFilter } from '../payments/payments-repository';

/*
 * Period exports of the invoice, credit-note and payment lists: every row of the list's current filter
 * (search, column filters, status or method tab: the list's own WHERE) over the caller's garages, within days of the
 * Paris calendar: a document by its ISSUE day (never its creation: a draft made in October and issued in November
 * belongs to November; drafts have no issue day and are never exported), a payment by its date. Read in batches in
 * a stable order (keyset, never OFFSET) and written to the reply as they come.
 */

type ExportQuery = z.output<typeof periodExportQuerySchema>;
export interface ExportTable {
  sheetName: string;
  columns: SheetColumn[];
  batches: AsyncIterable<SheetValue[][]>;
}

/** Rows read per query. */
export const EXPORT_BATCH_SIZE = 500;

/** The first instant of a Paris calendar day. */
const parisStart = (day: SQL) => sql`(${day})::timestamp at time zone ${PARIS_ZONE}`;

/** Every page of a keyset-ordered read: `read(after)` answers the rows after the last one of the previous page. */
async function* pages<R>(read: (after: R | undefined) => Promise<R[]>, batchSize: number): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

/** The garage as its documents print it. */
const garageName = sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.name})`;
const source = alias(billingDocuments, 'source');

/** The columns of a document export: identity, totals, a base and VAT pair per rate, then what follows the type. */
function documentColumns(rates: number[], invoice: boolean): SheetColumn[] {
  return [
    { header: 'N°', kind: 'text', width: 18 },
    { header: 'Date d’émission', kind: 'date', width: 14 },
    { header: 'Client', kind: 'text', width: 30 },
    { header: 'SIREN client', kind: 'text', width: 12 },
    { header: 'Dossier', kind: 'text', width: 16 },
    { header: 'Garage', kind: 'text', width: 26 },
    { header: 'Total HT', kind: 'euros' },
    { header: 'TVA', kind: 'euros' },
    { header: 'Total TTC', kind: 'euros' },
    ...rates.flatMap((rate): SheetColumn[] => [
      { header: `Base HT ${percentLabel(rate)}`, kind: 'euros' },
      { header: `TVA ${percentLabel(rate)}`, kind: 'euros' },
    ]),
    ...(invoice
      ? ([
          { header: 'Facture d’acompte', kind: 'text', width: 10 },
          { header: 'Payé', kind: 'euros' },
          { header: 'Avoirs', kind: 'euros' },
          { header: 'Reste dû', kind: 'euros' },
        ] satisfies SheetColumn[])
      : ([{ header: 'Facture corrigée', kind: 'text', width: 18 }] satisfies SheetColumn[])),
    { header: 'Facture électronique (XML)', kind: 'text', width: 50 },
  ];
}

/**
 * Issued invoices or credit notes: N°, issue day, buyer (name, SIREN), folder, garage, totals, then one "Base HT" and
 * "TVA" pair per VAT rate found in the selection (from the lines, by `documentTotals` as the document computes its
 * `vatByRate`), then for invoices what was paid, credited and is left due now, for credit notes the invoice they
 * correct, and the link of its e-invoice (the XML its Factur-X carries, for the accountant's tools). Oldest issue
 * first. The selection is fixed when the export starts (issued up to then), so the rate
 * columns known from the start cover every row.
 */
export async function documentPeriodExport(
  db: Database,
  companyIds: number[],
  type: ExportableDocumentType,
  query: ExportQuery,
  origin: string,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportTable> {
  const { everything, tab } = documentListFilter(companyIds, type, query);
  const asOf = new Date();
  const where = and(
    everything,
    tab ? eq(billingDocuments.status, tab) : undefined,
    ne(billingDocuments.status, 'draft'),
    sql`${billingDocuments.issuedAt} >= ${parisStart(sql`${query.from}::date`)}`,
    sql`${billingDocuments.issuedAt} < ${parisStart(sql`${query.to}::date + 1`)}`,
    lte(billingDocuments.issuedAt, asOf),
  );
  const rateRows = await db
    .selectDistinct({ rate: billingDocumentLines.taxRate })
    .from(billingDocumentLines)
    .innerJoin(billingDocuments, eq(billingDocuments.id, billingDocumentLines.documentId))
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(where);
  // Highest first, as `vatByRate` lists them.
  const rates = [...new Set(rateRows.map((row) => Number(row.rate)))].sort((a, b) => b - a);
  const invoice = type === 'invoice';
  const columns = documentColumns(rates, invoice);

  const read = (after: { cursor: string; id: number } | undefined) =>
    db
      .select({
        id: billingDocuments.id,
        cursor: sql<string>`${billingDocuments.issuedAt}::text`,
        number: billingDocuments.number,
        issuedAt: billingDocuments.issuedAt,
        customer: billingDocuments.customer,
        folder: folders.number,
        garage: garageName,
        taxInclusive: billingDocuments.taxInclusive,
        preTaxAmount: billingDocuments.preTaxAmount,
        taxAmount: billingDocuments.taxAmount,
        totalAmount: billingDocuments.totalAmount,
        paidAmount: billingDocuments.paidAmount,
        creditedAmount: billingDocuments.creditedAmount,
        deposit: billingDocuments.deposit,
        sourceNumber: source.number,
      })
      .from(billingDocuments)
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .innerJoin(companies, eq(companies.id, billingDocuments.companyId))
      .leftJoin(source, eq(source.id, billingDocuments.sourceId))
      .where(
        after
          ? and(
              where,
              sql`(${billingDocuments.issuedAt}, ${billingDocuments.id}) > (${after.cursor}::timestamptz, ${after.id})`,
            )
          : where,
      )
      .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
      .limit(batchSize);

  async function* batches() {
    for await (const documents of pages(read, batchSize)) {
      const lines = await db
        .select({
          documentId: billingDocumentLines.documentId,
          quantity: billingDocumentLines.quantity,
          unitPrice: billingDocumentLines.unitPrice,
          remise: billingDocumentLines.remise,
          taxRate: billingDocumentLines.taxRate,
        })
        .from(billingDocumentLines)
        .where(
          inArray(
            billingDocumentLines.documentId,
            documents.map((document) => document.id),
          ),
        );
      const linesOf = new Map<number, typeof lines>();
      for (const line of lines) {
        const group = linesOf.get(line.documentId);
        if (group) group.push(line);
        else linesOf.set(line.documentId, [line]);
      }
      yield documents.map((document): SheetValue[] => {
        const { vatByRate } = documentTotals((linesOf.get(document.id) ?? []).map(amountOf), document.taxInclusive);
        if (vatByRate.some((entry) => !rates.includes(entry.rate))) {
          throw new Error(`export: document ${document.id} has a VAT rate outside the export's columns`);
        }
        const perRate = rates.flatMap((rate) => {
          const entry = vatByRate.find((each) => each.rate === rate);
          return entry ? [entry.base, entry.tax] : [null, null];
        });
        return [
          document.number,
          document.issuedAt ? parisDay(document.issuedAt) : null,
          document.customer.name,
          document.customer.siren,
          document.folder,
          document.garage,
          document.preTaxAmount,
          document.taxAmount,
          document.totalAmount,
          ...perRate,
          ...(invoice
            ? [document.deposit ? 'Oui' : 'Non', document.paidAmount, document.creditedAmount, invoiceBalance(document)]
            : [document.sourceNumber]),
          `${origin}/api/quotation/${document.id}/einvoice`,
        ];
      });
    }
  }
  return { sheetName: DOCUMENT_LIST_TITLES[type], columns, batches: batches() };
}

/**
 * Payments (the cash book): date, invoice, buyer, method, amount (a cancellation is its own negative row), whether
 * the row cancels a payment or was cancelled, what the row is (a payment, a cancellation, a refund, money moved on
 * an insurer's account), whether it pays a deposit invoice, garage, comment. Oldest first.
 */
export function paymentPeriodExport(
  db: Database,
  companyIds: number[],
  query: ExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): ExportTable {
  const { shown } = paymentListFilter(companyIds, query);
  const where = and(
    shown,
    sql`${payments.paidOn} >= ${query.from}::date`,
    sql`${payments.paidOn} <= ${query.to}::date`,
  );
  const columns: SheetColumn[] = [
    { header: 'Date', kind: 'date' },
    { header: 'Facture', kind: 'text', width: 18 },
    { header: 'Client', kind: 'text', width: 30 },
    { header: 'Moyen', kind: 'text', width: 12 },
    { header: 'Montant', kind: 'euros' },
    { header: 'Annulation', kind: 'text', width: 12 },
    { header: 'Annulé', kind: 'text', width: 10 },
    { header: 'Opération', kind: 'text', width: 22 },
    { header: 'Facture d’acompte', kind: 'text', width: 10 },
    { header: 'Garage', kind: 'text', width: 26 },
    { header: 'Commentaire', kind: 'text', width: 40 },
  ];
  const read = (after: { date: string; id: number } | undefined) =>
    db
      .select({
        id: payments.id,
        date: payments.paidOn,
        invoice: billingDocuments.number,
        customer: sql<string>`${billingDocuments.customer}->>'name'`,
        method: payments.method,
        amount: payments.amount,
        cancelsId: payments.cancelsId,
        cancelled: paymentCancelled,
        refund: payments.refund,
        moved: payments.moved,
        deposit: billingDocuments.deposit,
        garage: garageName,
        comment: payments.comment,
      })
      .from(payments)
      .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(after ? and(where, sql`(${payments.paidOn}, ${payments.id}) > (${after.date}::date, ${after.id})`) : where)
      .orderBy(asc(payments.paidOn), asc(payments.id))
      .limit(batchSize);
  async function* batches() {
    for await (const rows of pages(read, batchSize)) {
      yield rows.map((row): SheetValue[] => [
        row.date,
        row.invoice,
        row.customer,
        PAYMENT_METHOD_LABELS[row.method as PaymentMethod],
        row.amount,
        row.cancelsId === null ? 'Non' : 'Oui',
        row.cancelled ? 'Oui' : 'Non',
        PAYMENT_KIND_LABELS[paymentKindOf(row)],
        row.deposit ? 'Oui' : 'Non',
        row.garage,
        row.comment,
      ]);
    }
  }
  return { sheetName: 'Paiements', columns, batches: batches() };
}

/**
 * The table as a download: streamed, an attachment named after the list and the period, never sniffed nor cached.
 * Once fully written, the export is an event of each exported garage's technical log, with the file's SHA-256.
 */
export function sendExport(
  reply: FastifyReply,
  kind: PeriodExportKind,
  query: ExportQuery,
  table: ExportTable,
  logged: { db: Database; companyIds: number[]; userId: number },
) {
  const format: PeriodExportFormat = query.format;
  const fileName = periodExportFileName(kind, query.from, query.to, format);
  const tap = digestingTap((bytes, sha256) => {
    const details = { export: kind, fileName, from: query.from, to: query.to, bytes, sha256 };
    return Promise.all(
      logged.companyIds.map((companyId) => logEvent(logged.db, companyId, 'export', details, logged.userId)),
    );
  });
  return reply
    .type(SHEET_CONTENT_TYPES[format])
    .header('content-disposition', attachment(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(sheetStream(format, table.sheetName, table.columns, table.batches).pipe(tap));
}
