import {
  type CheckoutOrder,
  formatEurosText,
  formatParisDate,
  type OrderStatus,
  UNIT_PACK_TAX_RATE,
  UNITS_INVOICE_SERIES,
  UNITS_SELLER,
  type UnitPack,
} from 'contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, unitOrders } from '../../db/schema';
import { renderPdf } from '../../lib/pdf';
import { nextNumber } from './numbering';
import type { PaymentProvider } from './payment-provider';
import { applyUnits } from './units-repository';

type OrderRow = typeof unitOrders.$inferSelect;

const toOrder = (row: OrderRow): CheckoutOrder => ({
  id: row.id,
  packId: row.packId,
  units: row.units,
  preTaxPrice: row.preTaxPrice,
  totalPrice: row.totalPrice,
  status: row.status as OrderStatus,
  invoiceNumber: row.invoiceNumber,
  createdAt: row.createdAt.toISOString(),
});

/** Pack price with VAT, cents (rounded half up: the price is positive). */
const withTax = (preTax: number) => preTax + Math.round((preTax * UNIT_PACK_TAX_RATE) / 100);

export async function createOrder(db: Database, companyId: number, pack: UnitPack, userId: number) {
  const [row] = await db
    .insert(unitOrders)
    .values({
      companyId,
      packId: pack.id,
      units: pack.units,
      preTaxPrice: pack.preTaxPrice,
      totalPrice: withTax(pack.preTaxPrice),
      userId,
    })
    .returning();
  if (!row) throw new Error('order not created');
  return toOrder(row);
}

export async function listOrders(db: Database, companyId: number) {
  const rows = await db
    .select()
    .from(unitOrders)
    .where(eq(unitOrders.companyId, companyId))
    .orderBy(desc(unitOrders.createdAt), desc(unitOrders.id))
    .limit(20);
  return rows.map(toOrder);
}

export async function findOrder(db: Database, companyIds: number[], orderId: number) {
  const [row] = await db
    .select()
    .from(unitOrders)
    .where(and(eq(unitOrders.id, orderId), inArray(unitOrders.companyId, companyIds)));
  return row;
}

/**
 * Pays a pending order. The order row is locked for the whole payment, so a double click or two tabs charge
 * once and credit once; on acceptance the invoice number, the status, the balance and the ledger change in the
 * same transaction. A declined card changes nothing (the order stays payable with another card).
 */
export async function payOrder(
  db: Database,
  provider: PaymentProvider,
  payment: {
    companyId: number;
    orderId: number;
    card: { number: string; expiry: string; cvc: string };
    userId: number;
  },
): Promise<'not-found' | 'already-paid' | 'declined' | { jeton: number; order: CheckoutOrder }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(unitOrders)
      .where(and(eq(unitOrders.id, payment.orderId), eq(unitOrders.companyId, payment.companyId)))
      .for('update');
    if (!order) return 'not-found';
    if (order.status === 'paid') return 'already-paid';
    const charge = await provider.charge({
      amount: order.totalPrice,
      reference: `UNITES-${order.id}`,
      card: payment.card,
    });
    if (!charge.ok) return 'declined';
    const sequence = await nextNumber(tx, 0, UNITS_INVOICE_SERIES);
    const invoiceNumber = `${UNITS_INVOICE_SERIES}-${new Date().getFullYear()}-${String(sequence).padStart(5, '0')}`;
    const [paid] = await tx
      .update(unitOrders)
      .set({ status: 'paid', paidAt: new Date(), providerReference: charge.reference, invoiceNumber })
      .where(eq(unitOrders.id, order.id))
      .returning();
    const jeton = await applyUnits(tx, {
      companyId: payment.companyId,
      units: order.units,
      kind: 'achat',
      reference: invoiceNumber,
      userId: payment.userId,
    });
    if (!paid || jeton === undefined) throw new Error('order not credited');
    return { jeton, order: toOrder(paid) };
  });
}

/** The purchase invoice: the publisher sells the units to the garage. */
export async function unitOrderPdf(db: Database, order: OrderRow): Promise<Uint8Array> {
  const [buyer] = await db.select().from(companies).where(eq(companies.id, order.companyId));
  const tax = order.totalPrice - order.preTaxPrice;
  const paidOn = formatParisDate(order.paidAt ?? order.createdAt);
  return renderPdf({
    title: `Facture ${order.invoiceNumber}`,
    author: UNITS_SELLER.name,
    paragraphs: [
      { text: `Date d’émission : ${paidOn} — payée par carte le ${paidOn}`, gap: 4 },
      { text: 'Vendeur', bold: true, gap: 16 },
      {
        text: `${UNITS_SELLER.name}\n${UNITS_SELLER.address}\nSIRET ${UNITS_SELLER.siret} — TVA ${UNITS_SELLER.vatNumber}`,
      },
      { text: 'Client', bold: true, gap: 16 },
      {
        text: [
          buyer?.name ?? '',
          [buyer?.address, [buyer?.postalCode, buyer?.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          buyer?.siret ? `SIREN ${buyer.siret.slice(0, 9)} — SIRET ${buyer.siret}` : '',
          buyer?.tvaNumber ? `TVA ${buyer.tvaNumber}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      },
      { text: 'Désignation', bold: true, gap: 16 },
      { text: `Pack de ${order.units} unités (${order.packId}) — prestation de services, quantité 1` },
      { text: `Total HT : ${formatEurosText(order.preTaxPrice)}`, gap: 16 },
      { text: `TVA ${UNIT_PACK_TAX_RATE} % : ${formatEurosText(tax)}` },
      { text: `Total TTC : ${formatEurosText(order.totalPrice)}`, bold: true },
      { text: `Réglée le ${paidOn} : rien ne reste à payer.`, size: 9, gap: 16 },
    ],
  });
}
