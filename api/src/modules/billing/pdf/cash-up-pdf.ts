import { CASH_UP_TITLE, type CashUp, formatEurosText, formatParisDateTime, PAYMENT_METHOD_LABELS } from 'contracts';
import { frenchDay, MARGIN, PdfCanvas, WIDTH } from '../../../lib/pdf-canvas';
import type { Seller } from '../documents/documents-queries';
import { sellerIdentity, sellerName } from './identity-blocks';

/**
 * A closed till on paper (A4), to sign and file with the day's cash: the garage, the day, the receipts by means of
 * payment, then the count (float, cash expected, cash counted, difference and why), who closed it and when.
 */
export async function cashUpPdf(cashUp: CashUp, seller: Seller): Promise<Uint8Array> {
  const day = frenchDay(cashUp.day);
  const canvas = await PdfCanvas.create({
    title: `${CASH_UP_TITLE} du ${day}`,
    author: sellerName(seller),
    subject: `${CASH_UP_TITLE} du ${day}`,
    at: new Date(cashUp.closedAt),
  });
  const { bold } = canvas;
  const half = WIDTH / 2;
  const sellerBottom = canvas.column(MARGIN, half - 10, canvas.y, sellerIdentity(seller, bold));
  const titleBottom = canvas.column(MARGIN + half + 10, half - 10, canvas.y, [
    { text: CASH_UP_TITLE.toUpperCase(), size: 17, font: bold },
    { text: `Journée du ${day}`, size: 11, font: bold },
  ]);
  canvas.y = Math.min(sellerBottom, titleBottom) - 12;

  canvas.paragraph('Encaissements enregistrés dans la journée', { size: 11, font: bold }, 10);
  canvas.y -= 4;
  canvas.table(
    [
      { label: 'Moyen de paiement', width: WIDTH - 240 },
      { label: 'Opérations', width: 100, right: true },
      { label: 'Montant net', width: 140, right: true },
    ],
    [
      ...cashUp.receipts.map((receipt) => [
        PAYMENT_METHOD_LABELS[receipt.method],
        String(receipt.count),
        formatEurosText(receipt.amount),
      ]),
      [
        'Total',
        String(cashUp.receipts.reduce((sum, receipt) => sum + receipt.count, 0)),
        formatEurosText(cashUp.receipts.reduce((sum, receipt) => sum + receipt.amount, 0)),
      ],
    ],
  );
  canvas.paragraph('Remboursements et annulations sont comptés en négatif.', { size: 8.5 }, 4);

  canvas.paragraph('Comptage des espèces', { size: 11, font: bold }, 16);
  canvas.y -= 4;
  canvas.table(
    [
      { label: '', width: WIDTH - 140 },
      { label: 'Montant', width: 140, right: true },
    ],
    [
      ['Fond de caisse', formatEurosText(cashUp.floatAmount)],
      ['Espèces attendues (fond de caisse + espèces de la journée)', formatEurosText(cashUp.expectedCash)],
      ['Espèces comptées', formatEurosText(cashUp.countedCash)],
      ['Écart (compté − attendu)', formatEurosText(cashUp.difference)],
    ],
  );
  if (cashUp.explanation) canvas.paragraph(`Explication de l’écart : ${cashUp.explanation}`, { size: 9 }, 8);

  const [closedDay, closedTime] = formatParisDateTime(new Date(cashUp.closedAt)).split(' ');
  const by = cashUp.closedBy ? ` par ${cashUp.closedBy}` : '';
  canvas.paragraph(`Caisse clôturée le ${closedDay} à ${closedTime} (heure de Paris)${by}.`, { size: 9 }, 18);
  canvas.paragraph('Signature :', { size: 9 }, 24);
  canvas.footers([sellerName(seller), seller.siret ? `SIRET ${seller.siret}` : ''].filter(Boolean).join(' — '));
  return canvas.pdf.save();
}
