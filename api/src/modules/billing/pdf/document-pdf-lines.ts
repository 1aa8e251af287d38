import {
  type BillingDocument,
  formatEurosText,
  LINE_UNIT_LABELS,
  PART_ORIGIN_LABELS,
  unitPriceBeforeTax,
} from 'contracts';
import { type Column, MARGIN, MUTED, type PdfCanvas, SHADE, WIDTH, wrap } from '../../../lib/pdf-canvas';

/** "12.5" -> "12,5". */
export const decimal = (value: number) => String(value).replace('.', ',');
/** "2026-11-24" -> "24/11/2026", a dash when there is no date. */
export const frenchDate = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');

type Line = BillingDocument['lines'][number];

/** The lines' columns: unit and unit price before tax on every line, and the price typed tax-inclusive too. */
function lineColumns(inclusive: boolean): Column[] {
  const fixed: Column[] = [
    { label: 'Réf.', width: 62 },
    { label: 'Qté', width: 32, right: true },
    { label: 'Unité', width: 34 },
    { label: 'PU HT', width: 56, right: true },
    ...(inclusive ? [{ label: 'PU TTC', width: 56, right: true }] : []),
    { label: 'Remise', width: 38, right: true },
    { label: 'TVA', width: 32, right: true },
    { label: 'Total HT', width: 62, right: true },
  ];
  return [{ label: 'Désignation', width: WIDTH - fixed.reduce((sum, col) => sum + col.width, 0) }, ...fixed];
}

/** The figures of a line, in the columns after its title and reference (drawn on their own, wrapped). */
function lineFigures(line: Line, inclusive: boolean): string[] {
  return [
    '',
    '',
    decimal(line.quantity),
    LINE_UNIT_LABELS[line.unit],
    formatEurosText(unitPriceBeforeTax(line.unitPrice, line.taxRate, inclusive)),
    ...(inclusive ? [formatEurosText(line.unitPrice)] : []),
    line.remise ? `${decimal(line.remise)} %` : '',
    `${decimal(line.taxRate)} %`,
    formatEurosText(line.total),
  ];
}

/** The lines' table: a title wraps over several lines with a part's origin under it, as does the reference. */
export function drawLines(canvas: PdfCanvas, document: BillingDocument) {
  const columns = lineColumns(document.taxInclusive);
  const [titleColumn, referenceColumn] = columns as [Column, Column];
  canvas.tableHeader(columns);
  for (const line of document.lines) {
    const title = [
      ...wrap(line.title, canvas.regular, 8.5, titleColumn.width - 8).map((text) => ({ text, muted: false })),
      ...(line.partOrigin
        ? wrap(PART_ORIGIN_LABELS[line.partOrigin], canvas.regular, 7.5, titleColumn.width - 8).map((text) => ({
            text,
            muted: true,
          }))
        : []),
    ];
    const reference = wrap(line.details, canvas.regular, 8, referenceColumn.width - 8);
    const height = Math.max(title.length, reference.length, 1) * 11 + 6;
    canvas.ensureRow(columns, height);
    const top = canvas.y - 12;
    for (const [index, { text, muted }] of title.entries()) {
      canvas.draw(text, MARGIN + 4, top - index * 11, muted ? { size: 7.5, color: MUTED } : { size: 8.5 });
    }
    for (const [index, text] of reference.entries()) {
      canvas.draw(text, MARGIN + titleColumn.width + 4, top - index * 11, { size: 8 });
    }
    canvas.cells(columns, lineFigures(line, document.taxInclusive), { size: 8.5 }, top);
    canvas.y -= height;
    canvas.rowRule();
  }
}

/**
 * VAT per rate (left) and the totals (right); an invoice states what is due at issue as « Net à payer »: nothing when
 * it was paid as it was issued (a receipted invoice).
 */
export function drawTotals(canvas: PdfCanvas, document: BillingDocument) {
  const totals: [string, number, boolean][] = [
    ['Total HT', document.preTaxAmount, false],
    ['Total TVA', document.taxAmount, false],
    [document.type === 'credit-note' ? 'Total TTC de l’avoir' : 'Total TTC', document.totalAmount, true],
    // Later payments and credit notes come in their own documents.
    ...(document.type === 'invoice' && document.paidAtIssue
      ? ([
          ['Déjà réglé', document.totalAmount, false],
          ['Net à payer', 0, true],
        ] as [string, number, boolean][])
      : []),
    ...(document.type === 'invoice' && !document.paidAtIssue
      ? ([['Net à payer', document.totalAmount, true]] as [string, number, boolean][])
      : []),
  ];
  const needed = Math.max(document.vatByRate.length + 1, totals.length) * 15 + 20;
  canvas.ensure(needed);
  canvas.y -= 14;
  const top = canvas.y;
  const head = { size: 8, font: canvas.bold };
  canvas.draw('Taux de TVA', MARGIN, top - 10, head);
  canvas.drawRight('Base HT', MARGIN + 160, top - 10, head);
  canvas.drawRight('Montant TVA', MARGIN + 240, top - 10, head);
  document.vatByRate.forEach((rate, index) => {
    const at = top - 25 - index * 14;
    canvas.draw(`${decimal(rate.rate)} %`, MARGIN, at, { size: 8.5 });
    canvas.drawRight(formatEurosText(rate.base), MARGIN + 160, at, { size: 8.5 });
    canvas.drawRight(formatEurosText(rate.tax), MARGIN + 240, at, { size: 8.5 });
  });
  const left = MARGIN + WIDTH - 220;
  totals.forEach(([name, amount, strong], index) => {
    const at = top - 10 - index * 15;
    if (strong) canvas.page.drawRectangle({ x: left - 4, y: at - 4, width: 224, height: 15, color: SHADE });
    const style = { size: 9, font: strong ? canvas.bold : canvas.regular };
    canvas.draw(name, left, at, style);
    canvas.drawRight(formatEurosText(amount), MARGIN + WIDTH - 4, at, style);
  });
  canvas.y = top - needed;
}
