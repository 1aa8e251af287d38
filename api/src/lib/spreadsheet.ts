import { PassThrough, Readable } from 'node:stream';
import { centsToText } from 'contracts';
import ExcelJS from 'exceljs';

/*
 * A table written as it is read, for exports too large to hold in memory: the rows come in batches from the
 * database and leave as an Excel workbook (exceljs's streaming writer) or a French CSV (`;`, decimal comma, a
 * byte-order mark so that Excel reads UTF-8, every field quoted: the format of the lists' own CSV export).
 */

export type SheetFormat = 'xlsx' | 'csv';

export interface SheetColumn {
  header: string;
  /** text: as is; euros: integer cents, written as euros; date: a calendar day "YYYY-MM-DD". */
  kind: 'text' | 'euros' | 'date';
  /** Excel width, in characters. */
  width?: number;
}
export type SheetValue = string | number | null;

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
const EUROS_FORMAT = '#,##0.00 €';
const DATE_FORMAT = 'dd/mm/yyyy';
const DEFAULT_WIDTHS = { text: 20, euros: 14, date: 12 } as const;

/** The day as a date cell: midnight UTC, which Excel reads as that day whatever the reader's zone. */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`);

function excelValue(column: SheetColumn, value: SheetValue): string | number | Date | null {
  if (value === null || value === '') return null;
  if (column.kind === 'euros') return Number(value) / 100;
  if (column.kind === 'date') return excelDay(String(value));
  return String(value);
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** A text opening with = + - @ would run as a formula in a spreadsheet: an apostrophe keeps it text (OWASP). */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function csvValue(column: SheetColumn, value: SheetValue): string {
  if (value === null || value === '') return '';
  if (column.kind === 'euros') return centsToText(Number(value));
  if (column.kind === 'date') return String(value).split('-').reverse().join('/');
  return inert(String(value));
}
const csvLine = (cells: string[]) => `${cells.map(quote).join(';')}\r\n`;

async function* csvChunks(columns: SheetColumn[], batches: AsyncIterable<SheetValue[][]>) {
  yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
  for await (const rows of batches) {
    yield rows.map((row) => csvLine(columns.map((column, index) => csvValue(column, row[index] ?? null)))).join('');
  }
}

/** Resolves once the reader has taken what `output` holds, or has gone away (the reply was closed). */
const readerReady = (output: PassThrough) =>
  new Promise<void>((resolve) => {
    if (!output.writableNeedDrain || output.destroyed) return resolve();
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });

/**
 * The workbook written into `output` batch by batch, waiting for the reader whenever it falls behind; a reader gone
 * (download cancelled) stops the reading.
 */
async function writeWorkbook(
  output: PassThrough,
  sheetName: string,
  columns: SheetColumn[],
  batches: AsyncIterable<SheetValue[][]>,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? DEFAULT_WIDTHS[column.kind],
    style: column.kind === 'euros' ? { numFmt: EUROS_FORMAT } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const rows of batches) {
    for (const row of rows) {
      sheet.addRow(columns.map((column, index) => excelValue(column, row[index] ?? null))).commit();
    }
    await readerReady(output);
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * A readable stream of the table: the header, then every batch of rows as `batches` yields it (values in the
 * columns' order). A failure after the first bytes ends the stream in error: the download is cut, never a file
 * that looks complete.
 */
export function sheetStream(
  format: SheetFormat,
  sheetName: string,
  columns: SheetColumn[],
  batches: AsyncIterable<SheetValue[][]>,
): Readable {
  if (format === 'csv') return Readable.from(csvChunks(columns, batches), { objectMode: false });
  const output = new PassThrough();
  writeWorkbook(output, sheetName, columns, batches).catch((error: unknown) => output.destroy(error as Error));
  return output;
}
