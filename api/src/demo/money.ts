import { CASH_LIMIT_CENTS, EXPENSE_CATEGORIES, parisDay, UNITS_INVOICE_SERIES, type UnitKind } from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import {
  billingDocuments,
  companies,
  expenses,
  folders,
  payments,
  suppliers,
  unitLedger,
  unitOrders,
} from '../db/schema';
import { nextNumber } from '../modules/billing/documents/numbering';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = 12;
const PACK = { id: 'pack-50', units: 50, preTaxPrice: 11_000, totalPrice: 13_200 };

/** A deterministic pseudo-random sequence per garage: the demo looks the same on every machine. */
function randomFor(seed: number) {
  let state = seed * 2_654_435_761;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface LedgerEvent {
  at: Date;
  units: number;
  kind: UnitKind;
  folderId: number | null;
}
type LedgerRow = LedgerEvent & { balanceAfter: number; reference: string };

/**
 * A year of units: the garage's consumptions (gestion, Sidexa, recouvrement, on its folders) and the packs it
 * bought, ending exactly on its current balance and never below zero (walked back from today: a pack is placed
 * whenever the balance before it would stay positive).
 */
async function seedUnits(tx: Transaction, companyId: number, balance: number, folderIds: number[], now: number) {
  const random = randomFor(companyId);
  const events: LedgerEvent[] = [];
  for (let day = MONTHS * 30; day > 0; day -= 1 + Math.floor(random() * 4)) {
    const roll = random();
    const kind: UnitKind = roll < 0.6 ? 'gestion' : roll < 0.85 ? 'sidexa' : 'recouvrement';
    const folderId = folderIds.length ? (folderIds[Math.floor(random() * folderIds.length)] ?? null) : null;
    events.push({ at: new Date(now - day * DAY + Math.floor(random() * 8 * 3_600_000)), units: -1, kind, folderId });
  }
  // Backwards from today: the balance before each event; packs where the balance before would exceed a pack.
  const backwards: LedgerRow[] = [];
  let after = balance;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index] as LedgerEvent;
    backwards.push({ ...event, balanceAfter: after, reference: '' });
    after -= event.units;
    if (after >= PACK.units + 5 && random() < 0.5) {
      const at = new Date(event.at.getTime() - 3_600_000);
      backwards.push({ at, units: PACK.units, kind: 'achat', folderId: null, balanceAfter: after, reference: '' });
      after -= PACK.units;
    }
  }
  if (after > 0) {
    // What remains before the first consumption is the garage's first purchase.
    const first = events[0]?.at ?? new Date(now);
    backwards.push({
      at: new Date(first.getTime() - DAY),
      units: after,
      kind: 'achat',
      folderId: null,
      balanceAfter: after,
      reference: '',
    });
  }
  const rows = backwards.reverse();
  for (const row of rows) {
    if (row.kind === 'achat') {
      // A paid order with its invoice number, in date order (the platform's gapless series).
      const sequence = await nextNumber(tx, 0, UNITS_INVOICE_SERIES);
      row.reference = `${UNITS_INVOICE_SERIES}-${row.at.getFullYear()}-${String(sequence).padStart(5, '0')}`;
      const preTaxPrice = Math.round((PACK.preTaxPrice * row.units) / PACK.units);
      await tx.insert(unitOrders).values({
        companyId,
        packId: row.units === PACK.units ? PACK.id : 'reprise-solde',
        units: row.units,
        preTaxPrice,
        totalPrice: preTaxPrice + Math.round(preTaxPrice * 0.2),
        status: 'paid',
        providerReference: `demo_${companyId}_${sequence}`,
        invoiceNumber: row.reference,
        paidAt: row.at,
        createdAt: row.at,
      });
    }
  }
  if (rows.length) {
    await tx.insert(unitLedger).values(
      rows.map((row) => ({
        companyId,
        units: row.units,
        kind: row.kind,
        folderId: row.folderId,
        balanceAfter: row.balanceAfter,
        reference: row.reference,
        createdAt: row.at,
      })),
    );
  }
}

const EXPENSE_LABELS: Record<(typeof EXPENSE_CATEGORIES)[number], string[]> = {
  Vitrage: ['Pare-brise Clio V', 'Pare-brise 308 III caméra', 'Vitre latérale 208 II', 'Lunette arrière Golf VIII'],
  'Pièces détachées': ['Capteur de pluie', 'Support rétroviseur', 'Joint de pare-brise'],
  Consommables: ['Colle polyuréthane (carton de 12)', 'Primaire verre', 'Lingettes dégraissantes'],
  Outillage: ['Ventouses de pose', 'Fil de découpe', 'Outil de calibrage'],
  'Carburant et déplacements': ['Gazole camion atelier mobile', 'Péage A7', 'Stationnement intervention'],
  'Sous-traitance': ['Calibrage caméra ADAS', 'Réparation impact sous-traitée'],
  'Loyer et charges': ['Loyer atelier', 'Électricité atelier'],
  Autre: ['Tenues de travail', 'Affranchissement'],
};

async function seedExpenses(tx: Transaction, companyId: number, now: number) {
  const random = randomFor(companyId + 7);
  const garageSuppliers = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.companyId, companyId));
  const rows: (typeof expenses.$inferInsert)[] = [];
  for (let month = 0; month < MONTHS; month += 1) {
    for (let count = 2 + Math.floor(random() * 3); count > 0; count -= 1) {
      const category = EXPENSE_CATEGORIES[Math.floor(random() * EXPENSE_CATEGORIES.length)] ?? 'Autre';
      const labels = EXPENSE_LABELS[category];
      const supplier = garageSuppliers.length
        ? garageSuppliers[Math.floor(random() * garageSuppliers.length)]
        : undefined;
      const preTaxAmount = 1_000 + Math.floor(random() * 60_000);
      rows.push({
        companyId,
        supplierId: supplier?.id ?? null,
        supplierName: supplier?.name ?? 'Fournisseur divers',
        label: labels[Math.floor(random() * labels.length)] ?? category,
        category,
        spentOn: new Date(now - (month * 30 + Math.floor(random() * 28)) * DAY).toISOString().slice(0, 10),
        preTaxAmount,
        taxAmount: Math.round(preTaxAmount * 0.2),
      });
    }
  }
  await tx.insert(expenses).values(rows);
}

/**
 * Most issued invoices are paid, some in part, by the usual French means, a few days after issue. Written as they
 * were recorded, on their day (not through today's cashier path, which dates a record now): the chain takes them in
 * time order with the documents, so each past day's closing and signed archive shows its receipts.
 */
async function seedPayments(tx: Transaction, companyId: number) {
  const random = randomFor(companyId + 13);
  const invoices = await tx
    .select({
      id: billingDocuments.id,
      due: sql<number>`${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount} - ${billingDocuments.paidAmount}`,
      issuedAt: billingDocuments.issuedAt,
      billTo: billingDocuments.billTo,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        eq(billingDocuments.type, 'invoice'),
        inArray(billingDocuments.status, ['issued']),
        sql`${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount} - ${billingDocuments.paidAmount} > 0`,
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt));
  const methods = ['card', 'cheque', 'transfer', 'cash'] as const;
  // One insurer paid 45,00 € more than its invoice: « Créances assureurs » shows it on its account.
  let onAccountShown = false;
  for (const invoice of invoices) {
    const roll = random();
    if (roll > 0.85) continue; // still due
    const full = roll < 0.7;
    const overpaid: boolean = full && invoice.billTo === 'insurer' && !onAccountShown;
    onAccountShown ||= overpaid;
    const amount = full ? invoice.due + (overpaid ? 4_500 : 0) : Math.max(1, Math.round(invoice.due * 0.3));
    const method = methods[Math.floor(random() * methods.length)] ?? 'card';
    const drawn = overpaid ? 'transfer' : method;
    const issued = invoice.issuedAt?.getTime() ?? Date.now();
    const recordedAt = new Date(Math.min(Date.now() - 60_000, issued + HOUR + Math.floor(random() * 20) * DAY));
    const [row] = await tx
      .insert(payments)
      .values({
        companyId,
        invoiceId: invoice.id,
        amount,
        // Cash within its legal ceiling (CMF L112-6): larger sums are paid by card in the demo too.
        method: drawn === 'cash' && amount > CASH_LIMIT_CENTS ? 'card' : drawn,
        paidOn: parisDay(recordedAt),
        comment: amount < invoice.due ? 'Acompte' : overpaid ? 'Virement assureur : 45,00 € laissés sur compte' : '',
        createdBy: null,
        createdAt: recordedAt,
      })
      .returning({ id: payments.id });
    if (!row) throw new Error('demo payment not recorded');
    await tx
      .update(billingDocuments)
      .set({
        paidAmount: sql`${billingDocuments.paidAmount} + ${amount}`,
        status: amount < invoice.due ? 'partial' : 'paid',
      })
      .where(eq(billingDocuments.id, invoice.id));
  }
}

/** Units ledger, unit orders, expenses and payments of every demo garage, once (after the documents, before the chain). */
export async function seedMoneyDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260117)`);
    const [existing] = await tx.select({ id: unitLedger.id }).from(unitLedger).limit(1);
    if (existing) return false;
    const now = Date.now();
    const garages = await tx.select({ id: companies.id, jeton: companies.jeton }).from(companies);
    for (const garage of garages) {
      const folderIds = (
        await tx.select({ id: folders.id }).from(folders).where(eq(folders.companyId, garage.id)).limit(60)
      ).map((row) => row.id);
      await seedUnits(tx, garage.id, garage.jeton, folderIds, now);
      await seedExpenses(tx, garage.id, now);
      await seedPayments(tx, garage.id);
    }
    return true;
  });
}
