import ExcelJS from 'exceljs';

/*
 * A table read from the file a garage's former software exported: a CSV (comma, semicolon or tab; UTF-8 with or
 * without its byte-order mark, else Windows-1252, what French Excel and most garage software still write) or an Excel
 * workbook (its first sheet). Every cell comes back as text, as the person would read it: an Excel date as 31/12/2024,
 * a number as typed.
 */

export interface Table {
  encoding: 'UTF-8' | 'Windows-1252' | 'Excel';
  delimiter: ';' | ',' | '\t' | '';
  headers: string[];
  /** The data rows, without the header; blank lines skipped (`lines` keeps each row's line in the file). */
  rows: string[][];
  lines: number[];
}

export class UnreadableTable extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

// Windows-1252's 0x80–0x9F (€, œ, ’, « … »'s neighbours), which Node's decoder reads as Latin-1's control characters
// when it is built without full ICU: mapped here, so « Cœur » and « 12 € » survive. Undefined bytes stay as they are.
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const windows1252 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);

function decode(bytes: Uint8Array): { text: string; encoding: Table['encoding'] } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(hasBom ? bytes.subarray(3) : bytes),
      encoding: 'UTF-8',
    };
  } catch {
    return { text: windows1252(bytes), encoding: 'Windows-1252' };
  }
}

/** The separator of the header line: the one found most often outside quotes. */
function delimiterOf(text: string): ';' | ',' | '\t' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const [best] = (Object.entries(counts) as [keyof typeof counts, number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ';';
}

/** RFC 4180 records: quoted fields may hold the separator, line breaks and doubled quotes. */
function parseCsv(text: string, delimiter: string): { cells: string[]; line: number }[] {
  const records: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      cells.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      cells.push(field);
      records.push({ cells, line: recordLine });
      cells = [];
      field = '';
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    records.push({ cells, line: recordLine });
  }
  return records;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An Excel cell as its reader sees it. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${twoDigits(value.getUTCDate())}/${twoDigits(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
}

async function readWorkbook(bytes: Uint8Array): Promise<{ cells: string[]; line: number }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableTable('xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableTable('no sheet');
  const records: { cells: string[]; line: number }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs numbers cells from 1: index 0 is always empty.
    records.push({ cells: values.slice(1).map(cellText), line });
  });
  return records;
}

/** The file's table: its header row and data rows, each with its line in the file. */
export async function readTable(bytes: Uint8Array): Promise<Table> {
  const excel = isZip(bytes);
  let records: { cells: string[]; line: number }[];
  let encoding: Table['encoding'] = 'Excel';
  let delimiter: Table['delimiter'] = '';
  if (excel) records = await readWorkbook(bytes);
  else {
    const decoded = decode(bytes);
    // A table's text holds no control character but tabs and line breaks, and never starts with markup (a page,
    // an image in disguise): such a file is refused before anything reads it as rows.
    if (CONTROL.test(decoded.text)) throw new UnreadableTable('binary');
    if (decoded.text.trimStart().startsWith('<')) throw new UnreadableTable('markup');
    encoding = decoded.encoding;
    delimiter = delimiterOf(decoded.text);
    records = parseCsv(decoded.text, delimiter);
  }
  const filled = records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [header, ...data] = filled;
  if (!header) throw new UnreadableTable('empty');
  return {
    encoding,
    delimiter,
    headers: header.cells.map((cell) => cell.trim()),
    rows: data.map((record) => record.cells),
    lines: data.map((record) => record.line),
  };
}
