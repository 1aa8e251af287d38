import {
  type BillingParty,
  type ImportCounts,
  type ImportReceivableRow,
  type ImportRefusal,
  OPENING_BALANCE_TYPE,
  openingBalanceNumber,
} from 'contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { billingDocuments, customers, insurers, payments, recoveries } from '../../db/schema';
import { visibleInsurers } from '../insurers/repository';
import { type Change, chunks, differences, saveChanges } from './apply-shared';
import type { ImportProgress } from './progress';

/*
 * The former software's unpaid invoices, saved as opening balances: a `billing_documents` row of type
 * 'opening-balance' per invoice, numbered « ANC- » + its number, owed by the customer or by the insurer the row names
 * (one of the garage's insurers: its legal name, SIREN and address, as its invoices print them). What it holds is
 * what is still due; no line, no VAT, no sale. A second import of the file finds each balance by its number: equal,
 * it is left alone; changed, it is updated while nothing was paid or reminded on it, else refused with the reason.
 */

type Outcome = Omit<ImportCounts, 'rows' | 'refused'> & { refusals: ImportRefusal[] };
type Insurer = typeof insurers.$inferSelect;
type Stored = { id: number; number: string | null; touched: boolean } & Record<string, unknown>;

const INSURER_UNKNOWN = (name: string) =>
  `Assureur « ${name} » inconnu du garage : ajoutez-le dans « Assureurs » (ou importez vos assureurs) puis vérifiez à nouveau`;
const ALREADY_WORKED = (number: string) =>
  `Facture ${number} : un règlement ou une relance porte déjà sur ce solde, l’import ne le modifie plus`;

/** The insurer a row names, by its short name, legal name or SIREN (case ignored). */
function insurerNamed(name: string, known: readonly Insurer[]): Insurer | undefined {
  const wanted = name.toLowerCase();
  const digits = name.replace(/\s/g, '');
  return known.find(
    (entry) =>
      entry.shortName.toLowerCase() === wanted ||
      entry.legalName.toLowerCase() === wanted ||
      (entry.siren !== '' && entry.siren === digits),
  );
}

/** Who owes the balance, as an invoice to them would name them. */
function debtorOf(row: ImportReceivableRow, insurer: Insurer | undefined, customer: CustomerContact | undefined) {
  if (insurer) {
    const party: BillingParty = {
      name: insurer.legalName,
      address: insurer.address,
      postalCode: insurer.postalCode,
      city: insurer.city,
      siren: insurer.siren,
      vatNumber: insurer.vatNumber,
      email: insurer.email,
      isBusiness: true,
    };
    return { billTo: 'insurer' as const, customer: party };
  }
  const party: BillingParty = {
    name: row.debtorName,
    address: customer?.address ?? '',
    postalCode: customer?.postalCode ?? '',
    city: customer?.city ?? '',
    siren: '',
    vatNumber: '',
    email: row.email ?? customer?.email ?? '',
    isBusiness: false,
  };
  return { billTo: 'customer' as const, customer: party };
}

/** The former invoice, in words: what the balance's notes print on the recovery's letters. */
function notesOf(row: ImportReceivableRow, insurer: Insurer | undefined) {
  const [year, month, day] = row.invoiceDate.split('-');
  const parts = [`Facture ${row.invoiceNumber} du ${day}/${month}/${year} (ancien logiciel)`];
  if (insurer) parts.push(`assuré : ${row.debtorName}`);
  if (row.plate) parts.push(`véhicule ${row.plate}`);
  if (row.phone) parts.push(`tél. ${row.phone.replace(/[\s.]/g, '')}`);
  return parts.join(', ');
}

type CustomerContact = Pick<typeof customers.$inferSelect, 'address' | 'postalCode' | 'city' | 'email'>;

/** The columns a balance holds for a row (what a second import compares). */
function valuesOf(row: ImportReceivableRow, insurer: Insurer | undefined, customer: CustomerContact | undefined) {
  return {
    ...debtorOf(row, insurer, customer),
    number: openingBalanceNumber(row.invoiceNumber),
    saleDate: row.invoiceDate,
    dueDate: row.dueDate,
    totalAmount: row.amountDue,
    buyerReference: row.claimNumber ?? '',
    notes: notesOf(row, insurer),
  };
}
type Values = ReturnType<typeof valuesOf>;

/** The garage's opening balances the file names, and whether a payment or a recovery already works on each. */
async function storedBalances(tx: Transaction, companyId: number, numbers: string[]): Promise<Map<string, Stored>> {
  const found = new Map<string, Stored>();
  for (const slice of chunks(numbers)) {
    const rows = await tx
      .select({
        id: billingDocuments.id,
        number: billingDocuments.number,
        billTo: billingDocuments.billTo,
        customer: billingDocuments.customer,
        saleDate: billingDocuments.saleDate,
        dueDate: billingDocuments.dueDate,
        totalAmount: billingDocuments.totalAmount,
        buyerReference: billingDocuments.buyerReference,
        notes: billingDocuments.notes,
        // Written out: a column alone in a selected expression is not prefixed with its table, which the subquery needs.
        touched: sql<boolean>`(exists (select 1 from ${payments} p where p.invoice_id = "billing_documents"."id") or exists (select 1 from ${recoveries} r where r.document_id = "billing_documents"."id"))`,
      })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.companyId, companyId),
          eq(billingDocuments.type, OPENING_BALANCE_TYPE),
          inArray(billingDocuments.number, slice),
        ),
      );
    for (const row of rows) found.set(row.number ?? '', row);
  }
  return found;
}

/** The customers the rows name by the former software's code, for their address on the reminders. */
async function customersByCode(tx: Transaction, companyId: number, rows: readonly ImportReceivableRow[]) {
  const codes = [...new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))];
  const found = new Map<string, CustomerContact>();
  for (const slice of chunks(codes)) {
    const rowsFound = await tx
      .select({
        externalId: customers.externalId,
        address: customers.address,
        postalCode: customers.postalCode,
        city: customers.city,
        email: customers.email,
      })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), inArray(customers.externalId, slice)));
    for (const { externalId, ...contact } of rowsFound) found.set(externalId ?? '', contact);
  }
  return found;
}

/** Jsonb compared by its text, keys in one order (the database keeps its own): the stored party and the row's. */
const comparable = (values: Partial<Values> | Record<string, unknown>) => {
  const party = (values.customer ?? {}) as Record<string, unknown>;
  const sorted = Object.fromEntries(
    Object.keys(party)
      .sort()
      .map((key) => [key, party[key]]),
  );
  return { ...values, customer: JSON.stringify(sorted) };
};

/** The new balances, issued as the former software issued them; answers the undo's record of each. */
async function insertBalances(
  tx: Transaction,
  context: { companyId: number; importId: number; userId: number | null },
  created: readonly Values[],
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const slice of chunks(created)) {
    const inserted = await tx
      .insert(billingDocuments)
      .values(
        slice.map((values) => ({
          ...values,
          companyId: context.companyId,
          type: OPENING_BALANCE_TYPE,
          status: 'issued',
          // The former invoice's day at noon in France: the day every list and the recovery's age read.
          issuedAt: sql`(${values.saleDate}::date + time '12:00') at time zone 'Europe/Paris'`,
          taxInclusive: true,
          paymentTermDays: 0,
          createdBy: context.userId,
        })),
      )
      .returning({ id: billingDocuments.id });
    for (const { id } of inserted) {
      changes.push({
        importId: context.importId,
        entity: 'receivable',
        entityId: id,
        action: 'created',
        previous: null,
      });
    }
  }
  return changes;
}

export async function applyReceivables(
  tx: Transaction,
  context: { companyId: number; importId: number; userId: number | null },
  checked: readonly { line: number; row: ImportReceivableRow }[],
  progress: ImportProgress,
): Promise<Outcome> {
  const rows = checked.map((entry) => entry.row);
  const known = await tx
    .select()
    .from(insurers)
    .where(visibleInsurers([context.companyId]));
  const contacts = await customersByCode(tx, context.companyId, rows);
  const stored = await storedBalances(
    tx,
    context.companyId,
    rows.map((row) => openingBalanceNumber(row.invoiceNumber)),
  );
  const outcome: Outcome = { created: 0, updated: 0, unchanged: 0, refusals: [] };
  const changes: Change[] = [];
  const created: Values[] = [];
  for (const [index, { line, row }] of checked.entries()) {
    progress.report('Factures impayées', index + 1, checked.length);
    const insurer = row.insurer ? insurerNamed(row.insurer, known) : undefined;
    if (row.insurer && !insurer) {
      outcome.refusals.push({ line, reason: INSURER_UNKNOWN(row.insurer) });
      continue;
    }
    const values = valuesOf(row, insurer, row.externalId ? contacts.get(row.externalId) : undefined);
    const existing = stored.get(values.number);
    if (!existing) {
      created.push(values);
      continue;
    }
    const previous = differences(comparable(existing), comparable(values));
    if (!previous) {
      outcome.unchanged += 1;
      continue;
    }
    if (existing.touched) {
      outcome.refusals.push({ line, reason: ALREADY_WORKED(row.invoiceNumber) });
      continue;
    }
    await tx.update(billingDocuments).set(values).where(eq(billingDocuments.id, existing.id));
    const before = Object.fromEntries(Object.keys(previous).map((key) => [key, existing[key]]));
    changes.push({
      importId: context.importId,
      entity: 'receivable',
      entityId: existing.id,
      action: 'updated',
      previous: before,
    });
    outcome.updated += 1;
  }
  const inserted = await insertBalances(tx, context, created);
  changes.push(...inserted);
  outcome.created += inserted.length;
  await saveChanges(tx, changes, progress);
  return outcome;
}
