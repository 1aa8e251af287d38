/**
 * Pure builders for the export menu of ServerTable (docs/product.md): CSV with
 * `;`, a byte-order mark and every field quoted; Excel with a bold header on a
 * sheet named "Données"; a printable HTML view. Kept apart from the component
 * so their bytes can be checked in tests.
 */

export interface ExportColumn<T> {
  key: string;
  title: string;
  value?: (row: T) => unknown;
}

export const CSV_DEFAULT_NAME = 'export-csv.csv';
export const EXCEL_DEFAULT_NAME = 'export-excel.xlsx';
export const EXCEL_SHEET_NAME = 'Données';
const BOM = '\uFEFF';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Server cells may hold HTML (an invoice link): exports keep the text only. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  const text = String(value);
  if (!text.includes('<') && !text.includes('&')) return text;
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();
}

function cell<T>(row: T, column: ExportColumn<T>): unknown {
  if (column.value) return column.value(row);
  return (row as Record<string, unknown>)[column.key];
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const lines = [columns.map((column) => quote(column.title)).join(';')];
  for (const row of rows) lines.push(columns.map((column) => quote(plainText(cell(row, column)))).join(';'));
  return BOM + lines.join('\r\n');
}

function excelValue(value: unknown): string | number {
  return typeof value === 'number' && Number.isFinite(value) ? value : plainText(value);
}

type ExcelJs = typeof import('exceljs');

/**
 * exceljs, the library the server writes its spreadsheets with (its browser build, ~200 kB compressed), is loaded
 * only when someone actually exports.
 */
async function loadExcelJs(): Promise<ExcelJs> {
  const mod = (await import('exceljs')) as ExcelJs & { default?: ExcelJs };
  return mod.default?.Workbook ? mod.default : mod;
}

/** Widths are in characters (Excel's column width), keyed by column key; unknown keys get 15. */
export async function toXlsx<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  widths: Record<string, number> = {},
): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(EXCEL_SHEET_NAME);
  columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = widths[column.key] ?? 15;
  });
  sheet.addRow(columns.map((column) => column.title)).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => excelValue(cell(row, column))));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A standalone printable page of the rows (every value escaped: rows come from the server). */
export function toPrintHtml<T>(rows: readonly T[], columns: readonly ExportColumn<T>[], title: string): string {
  const head = columns.map((column) => `<th scope="col">${escapeHtml(column.title)}</th>`).join('');
  const body = rows
    .map(
      (row) => `<tr>${columns.map((column) => `<td>${escapeHtml(plainText(cell(row, column)))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:16px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 8px;text-align:left;font-size:12px}th{background:#eee}</style></head><body><h1>${escapeHtml(title)}</h1><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Hands bytes to the browser as a download. */
export function downloadBlob(content: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Lets the browser download what the server answers at `url` (a same-origin GET: the session cookie goes with it,
 * and the file is written as it arrives, never held in the page).
 */
export function downloadFromServer(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Opens the print view in a new window and asks the browser to print it. */
export function openPrintView(html: string): void {
  const view = window.open('', '_blank');
  if (!view) return;
  view.document.open();
  view.document.write(html);
  view.document.close();
  view.focus();
  view.print();
}
