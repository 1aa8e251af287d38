import { createHash } from 'node:crypto';
import {
  CHECKOUT_ALREADY_PAID,
  CHECKOUT_DECLINED,
  type CheckoutOrder,
  formatEurosText,
  formatParisDate,
  type OrderStatus,
  RECOVERY_INDEMNITY_CENTS,
  registryMention,
  UNIT_PACK_TAX_RATE,
  UNITS_INVOICE_SERIES,
  UNITS_SELLER,
  type UnitPack,
} from 'contracts';
import { and, desc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db';
import { companies, unitOrders } from '../../../db/schema';
import { conflict, declined, notFound } from '../../../lib/domain-error';
import { renderPdf } from '../../../lib/pdf';
import { nextNumber } from '../documents/numbering';
import { ciiXml } from '../einvoice/cii';
import { unitsEInvoice } from '../einvoice/units';
import type { PaymentProvider } from './payment-provider';
import { applyUnits } from './units-repository';

/** An order as its lists read it: without its invoice's original (a PDF of tens of kB), read on its own. */
const { invoicePdf: _pdf, invoiceSha256: _sha256, einvoiceXml: _xml, ...orderColumns } = getTableColumns(unitOrders);
type OrderRow = Omit<typeof unitOrders.$inferSelect, 'invoicePdf' | 'invoiceSha256' | 'einvoiceXml'>;

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
    .select(orderColumns)
    .from(unitOrders)
    .where(eq(unitOrders.companyId, companyId))
    .orderBy(desc(unitOrders.createdAt), desc(unitOrders.id))
    .limit(20);
  return rows.map(toOrder);
}

export async function findOrder(db: Database, companyIds: number[], orderId: number) {
  const [row] = await db
    .select(orderColumns)
    .from(unitOrders)
    .where(and(eq(unitOrders.id, orderId), inArray(unitOrders.companyId, companyIds)));
  return row;
}

export const ORDER_NOT_FOUND = 'Commande introuvable';

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
): Promise<{ jeton: number; order: CheckoutOrder }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select(orderColumns)
      .from(unitOrders)
      .where(and(eq(unitOrders.id, payment.orderId), eq(unitOrders.companyId, payment.companyId)))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'paid') throw conflict(CHECKOUT_ALREADY_PAID);
    const charge = await provider.charge({
      amount: order.totalPrice,
      reference: `UNITES-${order.id}`,
      card: payment.card,
    });
    if (!charge.ok) throw declined(CHECKOUT_DECLINED);
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

/**
 * The purchase invoice's original: a Factur-X drawn once from the paid order (dated by its payment, so drawing it
 * again gives the same bytes), then kept with its SHA-256 and its XML and returned byte for byte ever after. Two
 * downloads racing keep one original (the first write wins).
 */
export async function unitOrderPdf(db: Database, order: OrderRow): Promise<Buffer> {
  const [kept] = await db.select({ pdf: unitOrders.invoicePdf }).from(unitOrders).where(eq(unitOrders.id, order.id));
  if (kept?.pdf) return kept.pdf;
  const [garage] = await db.select().from(companies).where(eq(companies.id, order.companyId));
  if (!garage || !order.invoiceNumber) throw new Error(`order ${order.id} has no invoice`);
  const einvoiceXml = ciiXml(unitsEInvoice({ ...order, invoiceNumber: order.invoiceNumber }, garage));
  const pdf = Buffer.from(await drawUnitOrderPdf(order, garage, einvoiceXml));
  await db
    .update(unitOrders)
    .set({ invoicePdf: pdf, invoiceSha256: createHash('sha256').update(pdf).digest('hex'), einvoiceXml })
    .where(and(eq(unitOrders.id, order.id), isNull(unitOrders.invoicePdf)));
  const [stored] = await db.select({ pdf: unitOrders.invoicePdf }).from(unitOrders).where(eq(unitOrders.id, order.id));
  return stored?.pdf ?? pdf;
}

/**
 * The purchase invoice: the publisher sells the units to the garage, a business. Every B2B mention (CGI art. 242
 * nonies A, C. com. L441-9 and L441-10): both parties' identities, unit price and quantity, VAT, the date of payment,
 * the late-payment penalties and the 40 € recovery indemnity, even though it is paid at order.
 */
async function drawUnitOrderPdf(
  order: OrderRow,
  buyer: typeof companies.$inferSelect,
  einvoiceXml: string,
): Promise<Uint8Array> {
  const tax = order.totalPrice - order.preTaxPrice;
  const paidOn = formatParisDate(order.paidAt ?? order.createdAt);
  const seller = UNITS_SELLER;
  const lines = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join('\n');
  return renderPdf({
    title: `Facture ${order.invoiceNumber}`,
    author: seller.name,
    at: order.paidAt ?? order.createdAt,
    einvoiceXml,
    paragraphs: [
      { text: `Facture n° ${order.invoiceNumber}`, bold: true, gap: 4 },
      { text: `Date d’émission et date de la prestation : ${paidOn}` },
      { text: 'Vendeur', bold: true, gap: 16 },
      {
        text: lines(
          seller.name,
          `${seller.legalForm} au capital de ${formatEurosText(seller.shareCapital)}`,
          seller.address,
          `${seller.postalCode} ${seller.city}`,
          `SIRET ${seller.siret} — ${registryMention(seller)}`,
          `N° TVA intracommunautaire : ${seller.vatNumber}`,
        ),
      },
      { text: 'Client', bold: true, gap: 16 },
      {
        text: lines(
          buyer?.name,
          buyer?.legalForm,
          buyer?.address,
          [buyer?.postalCode, buyer?.city].filter(Boolean).join(' '),
          buyer?.siret ? `SIREN ${buyer.siret.slice(0, 9)} — SIRET ${buyer.siret}` : '',
          buyer?.tvaNumber ? `N° TVA intracommunautaire : ${buyer.tvaNumber}` : '',
        ),
      },
      { text: 'Désignation', bold: true, gap: 16 },
      {
        text: `Pack de ${order.units} unités (${order.packId}) — prestation de services — quantité 1 — prix unitaire HT ${formatEurosText(order.preTaxPrice)} — TVA ${UNIT_PACK_TAX_RATE} %`,
      },
      { text: `Total HT : ${formatEurosText(order.preTaxPrice)}`, gap: 16 },
      { text: `TVA ${UNIT_PACK_TAX_RATE} % : ${formatEurosText(tax)}` },
      { text: `Total TTC : ${formatEurosText(order.totalPrice)}`, bold: true },
      {
        text: `Payée par carte le ${paidOn} : rien ne reste à payer. Escompte pour paiement anticipé : néant.`,
        size: 9,
        gap: 16,
      },
      {
        text: `Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : ${formatEurosText(RECOVERY_INDEMNITY_CENTS)}.`,
        size: 9,
      },
    ],
  });
}
