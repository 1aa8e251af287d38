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

interface XlsxModule {
  utils: {
    aoa_to_sheet: (rows: (string | number)[][]) => Record<string, unknown>;
    book_new: () => unknown;
    book_append_sheet: (book: unknown, sheet: unknown, name: string) => void;
    encode_cell: (cell: { r: number; c: number }) => string;
  };
  write: (book: unknown, options: { type: 'array'; bookType: 'xlsx' }) => ArrayBuffer;
}

/** xlsx-js-style (~1 MB) is loaded only when someone actually exports. */
async function loadXlsx(): Promise<XlsxModule> {
  const mod = (await import('xlsx-js-style')) as unknown as XlsxModule & { default?: XlsxModule };
  return mod.default?.utils ? mod.default : mod;
}

/** Widths are in characters (Excel's `wch`), keyed by column key; unknown keys get 15. */
export async function toXlsx<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  widths: Record<string, number> = {},
): Promise<Uint8Array> {
  const XLSX = await loadXlsx();
  const matrix: (string | number)[][] = [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => excelValue(cell(row, column)))),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(matrix);
  columns.forEach((_, c) => {
    const header = sheet[XLSX.utils.encode_cell({ r: 0, c })] as { s?: unknown } | undefined;
    if (header) header.s = { font: { bold: true } };
  });
  sheet['!cols'] = columns.map((column) => ({ wch: widths[column.key] ?? 15 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXCEL_SHEET_NAME);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }));
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
