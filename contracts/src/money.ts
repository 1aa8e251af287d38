/*
 * Money travels and is stored as integer cents. This is the one reading of what a French user types ("1 234,56 €") as
 * cents; forms and the server use the same one (shared-ui's formatCents shows cents on screen).
 */

/** "1 234,56", "1234.5", "12" -> 123456, 123450, 1200; undefined when it is not an amount with at most 2 decimals. */
export function parseEuros(text: string | number): number | undefined {
  const value = String(text)
    .replace(/[\s\u00a0\u202f€]/g, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return undefined;
  const [units = '0', decimals = ''] = value.replace('-', '').split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return value.startsWith('-') ? -cents : cents;
}

/**
 * Integer cents as printed on a French document: "1 234,56 €" (plain spaces, so PDFs' standard fonts draw it;
 * screens use shared-ui's formatCents).
 */
export function formatEurosText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const units = Math.floor(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${units},${String(magnitude % 100).padStart(2, '0')} €`;
}

/**
 * Integer cents as a French user types them, the reverse of parseEuros: 123450 -> "1234,50" (no thousands
 * separator, no sign of the currency). For form fields and spreadsheet exports, which read it back as a number.
 */
export function centsToText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}
