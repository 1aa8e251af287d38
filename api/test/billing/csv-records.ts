import { expect } from 'vitest';

/* The period exports' CSV read back as a spreadsheet program would. */

/** The CSV as rows of cells (BOM checked and dropped, every field quoted, `;` between them). */
export function csvRows(payload: string): string[][] {
  expect(payload.startsWith('\uFEFF')).toBe(true);
  return payload
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((row) => [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replace(/""/g, '"')));
}
/** Rows as objects keyed by the header. */
export function csvRecords(payload: string): Record<string, string>[] {
  const [header = [], ...rows] = csvRows(payload);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
