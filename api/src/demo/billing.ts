import { DEMO_COMPANIES, DOCUMENT_SERIES, type DocumentType, deductibleOf, depositLineTitle } from 'contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import {
  billingDocumentLines,
  billingDocuments,
  companies,
  folders,
  insurers,
  products,
  suppliers,
} from '../db/schema';
import { splitDeductible, splitExemptionReason } from '../modules/billing/documents/deductible-split';
import { type LineValues, priceLines } from '../modules/billing/documents/document-lines';
import {
  deductibleTermsOf,
  FOLDER_FACTS,
  type FolderFacts,
  folderParty,
  supplierParty,
} from '../modules/billing/documents/document-parties';
import { addDays, documentNumber, nextNumber, parisDay } from '../modules/billing/documents/numbering';
import { vehicleMentionsOf } from '../modules/billing/documents/vehicle-mentions';
import { visible } from '../modules/products/repository';
import { applyStockMovement } from '../modules/products/stock-repository';
import { CLAIM_FACTS, claimMentions, type DemoClaim, seedCessions } from './billing-insurer';
import { SELLERS } from './billing-sellers';

/*
 * Demo documents of every garage over the last 12 months: a glass job per demo folder picked (quote, then its
 * invoice, split with the insurer on some), a few credit notes, purchase orders at every stage. Issued documents
 * are numbered per series in date order through `nextNumber`, as if issued on their (backdated) day. Invoices stay
 * "issued": payments are seeded elsewhere. Everything is inserted in a few batches.
 */

const DAY = 86_400_000;
const _C = DEMO_COMPANIES;

/** Windscreens of the jobs: the franchise catalogue's when the garage sees it, free text otherwise. */
const GLASS = [
  { title: 'Pare-brise Renault Clio V', code: '6054AGSMVZ1B', price: 32_900, camera: false },
  { title: 'Pare-brise Peugeot 308 III caméra', code: '8583AGSMV6C', price: 61_900, camera: true },
  { title: 'Pare-brise Peugeot 208 II', code: '8575AGSMV1B', price: 31_500, camera: false },
  { title: 'Pare-brise Volkswagen Golf VIII caméra', code: '8653AGSMVW6C', price: 64_900, camera: true },
  { title: 'Pare-brise Dacia Sandero III', code: '1751AGNV', price: 24_900, camera: false },
  { title: 'Pare-brise Renault Captur II caméra', code: '6059AGSMVZ6C', price: 56_900, camera: true },
];
const LABOUR = { title: 'Pose pare-brise', code: 'MO-POSE-PB', price: 6_500 };
const GLUE = { title: 'Kit colle polyuréthane 1 h', code: 'COL-PU-1H', price: 3_490 };
const CAMERA = { title: 'Recalibrage caméra (ADAS)', code: 'MO-ADAS', price: 12_000 };
const JOBS = 16;

type Doc = Omit<typeof billingDocuments.$inferInsert, 'preTaxAmount' | 'taxAmount' | 'totalAmount' | 'sourceId'> & {
  lines: LineValues[];
  /** The document this one comes from (inserted in an earlier stage). */
  source?: Doc;
  /** An insurer invoice's deductible invoice (inserted before it, in the same stage). */
  deductibleDoc?: Doc;
  id?: number;
};

const line = (
  item: { title: string; code: string; price: number },
  productIds: Map<string, number>,
  quantity = 1,
  addToStock = false,
): LineValues => ({
  title: item.title,
  productId: productIds.get(item.code) ?? null,
  details: item.code,
  quantity,
  unitPrice: item.price,
  remise: 0,
  taxRate: 20,
  addToStock,
  // Labour (MO-…) is counted in hours; windscreens are new parts of equivalent quality (not the maker's own).
  unit: item.code.startsWith('MO-') ? 'HUR' : 'C62',
  partOrigin: 'camera' in item ? 'equivalent' : null,
});

/** An address on one line. */
const joinPlace = (at: { address: string | null; postalCode: string | null; city: string | null }) =>
  [at.address, at.postalCode, at.city].filter((part) => part?.trim()).join(' ');

/** Dates of a document issued at `at` (sale the same day, due after its term). */
const issued = (at: Date, paymentTermDays: number) => ({
  status: 'issued',
  issuedAt: at,
  saleDate: parisDay(at),
  dueDate: addDays(parisDay(at), paymentTermDays),
  paymentTermDays,
});

/** The demo documents, once: a database that already has some is left alone. */
export async function seedBillingDemo(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260119)`);
    const [existing] = await tx.select({ id: billingDocuments.id }).from(billingDocuments).limit(1);
    if (existing) return false;
    const garages = await tx
      .select({ id: companies.id, name: companies.name, siret: companies.siret })
      .from(companies)
      .orderBy(asc(companies.id));
    const stages: Doc[][] = [[], [], []];
    const receptions: Doc[] = [];
    const claims: DemoClaim[] = [];
    for (const [index, garage] of garages.entries()) {
      await fillSeller(tx, garage, index);
      const plan = await garagePlan(tx, garage.id, now);
      stages.forEach((stage, at) => {
        stage.push(...(plan[at] ?? []));
      });
      receptions.push(...plan.received);
      claims.push(...plan.claims);
    }
    await number(tx, stages.flat());
    // A deposit's line names its quote, numbered just now.
    for (const doc of stages[1] ?? []) {
      const quoteNumber = doc.source?.number;
      if (doc.deposit && quoteNumber)
        doc.lines = doc.lines.map((each) => ({ ...each, title: depositLineTitle(quoteNumber) }));
    }
    const signing = claimMentions(claims);
    // Insurer invoices of a split after the rest of their stage: they name their deductible invoice's id.
    const batches = stages.flatMap((stage) => [
      stage.filter((doc) => !doc.deductibleDoc),
      stage.filter((doc) => doc.deductibleDoc),
    ]);
    for (const batch of batches) {
      if (batch.length === 0) continue;
      const rows = batch.map(({ lines, source, deductibleDoc, id: _id, ...doc }) => ({
        ...doc,
        vehicleMentions: doc.status === 'draft' ? null : (doc.vehicleMentions ?? null),
        ...priceLines(lines, doc.taxInclusive ?? false).amounts,
        sourceId: source?.id ?? null,
        deductibleInvoiceId: deductibleDoc?.id ?? null,
      }));
      const ids = await tx.insert(billingDocuments).values(rows).returning({ id: billingDocuments.id });
      batch.forEach((doc, index) => {
        doc.id = ids[index]?.id;
      });
    }
    const lines = stages.flat().flatMap((doc) =>
      priceLines(doc.lines, doc.taxInclusive ?? false).lines.map((each) => ({
        ...each,
        documentId: doc.id as number,
      })),
    );
    for (let start = 0; start < lines.length; start += 1000) {
      await tx.insert(billingDocumentLines).values(lines.slice(start, start + 1000));
    }
    // Issued credit notes take their amount off their invoice, as issuing one does (a whole one: "Avoir total").
    for (const credit of stages[2] ?? []) {
      if (credit.type !== 'credit-note' || credit.status !== 'issued' || !credit.source?.id) continue;
      const taken = Math.abs(priceLines(credit.lines, credit.taxInclusive ?? false).amounts.totalAmount);
      await tx
        .update(billingDocuments)
        .set({
          creditedAmount: sql`least(${billingDocuments.totalAmount}, ${taken})`,
          status: sql`case when ${billingDocuments.totalAmount} <= ${taken} then 'credited' else ${billingDocuments.status} end`,
        })
        .where(eq(billingDocuments.id, credit.source.id));
    }
    await seedCessions(tx, signing);
    // Received purchase orders brought their goods in.
    for (const order of receptions) {
      for (const item of order.lines) {
        if (!item.addToStock || item.productId === null) continue;
        await applyStockMovement(tx, {
          companyId: order.companyId,
          productId: item.productId,
          kind: 'reception',
          quantity: item.quantity,
          unitCost: item.unitPrice,
          reason: `Bon de commande ${order.number}`,
          reference: order.number ?? '',
          userId: null,
        });
      }
    }
    return true;
  });
}

/** The seller mentions of a demo company, where they are still empty: the RCS of its city. */
async function fillSeller(tx: Transaction, garage: { id: number; name: string; siret: string | null }, index: number) {
  const seller = SELLERS[garage.name];
  if (!seller) return;
  await tx
    .update(companies)
    .set({
      ...seller,
      email: sql`${companies.emailApi}`,
      shareCapital: (index % 2 === 0 ? 10_000 : 5_000) * 100,
      registryKind: 'RCS',
      iban: `FR76 3000 4000 ${String(1000 + garage.id).padStart(4, '0')} 0000 ${String(garage.id).padStart(4, '0')} 123`,
      // The main demo garage (index 1) pays VAT on its labour when paid: its payments are e-reported.
      vatOnDebits: index % 3 === 2,
      // Each rhythm of e-reporting shown: décades (normal monthly, the main demo garage), months (simplified).
      vatFiling: index % 2 === 1 ? 'normal-monthly' : 'simplified',
      latePenaltyRate: index % 2 === 0 ? null : 10,
    })
    .where(and(eq(companies.id, garage.id), isNull(companies.address)));
}

/** One garage's documents: [quotes and purchase orders, invoices, credit notes], and the received orders. */
async function garagePlan(tx: Transaction, companyId: number, now: Date) {
  // One after the other: a transaction is one connection, whose queries cannot overlap.
  const jobsFolders = await tx
    .select({ id: folders.id, ...FOLDER_FACTS, ...CLAIM_FACTS, mileage: folders.mileage, createdAt: folders.createdAt })
    .from(folders)
    .leftJoin(insurers, eq(insurers.id, folders.insurerId))
    .where(eq(folders.companyId, companyId))
    .orderBy(asc(folders.createdAt), asc(folders.id));
  const catalogue = await tx
    .select({ id: products.id, code: products.productCode })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(visible({ companyIds: [companyId] }), eq(products.disabled, false)));
  const shops = await tx.select().from(suppliers).where(eq(suppliers.companyId, companyId)).orderBy(asc(suppliers.id));
  const productIds = new Map(catalogue.flatMap((item) => (item.code ? [[item.code, item.id] as const] : [])));
  const quotes: Doc[] = [];
  const invoices: Doc[] = [];
  const credits: Doc[] = [];
  const received: Doc[] = [];
  const claims: DemoClaim[] = [];
  const [garage] = await tx
    .select({
      garageType: companies.garageType,
      address: companies.address,
      postalCode: companies.postalCode,
      city: companies.city,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!garage) throw new Error(`no company ${companyId}`);
  const base = { companyId, operationCategory: 'mixed', tax: 20, notes: '' };

  // Folders picked evenly over the year (they are sorted oldest first).
  const jobs = Math.min(JOBS, jobsFolders.length);
  const picked = Array.from(
    { length: jobs },
    (_, index) => jobsFolders[Math.floor(((index + 0.5) * jobsFolders.length) / jobs)],
  );
  picked.forEach((folder, job) => {
    if (!folder) return;
    const facts: FolderFacts = folder;
    const customer = folderParty(facts, 'customer');
    if (!customer) return;
    const at = new Date(Math.min(folder.createdAt.getTime() + DAY, now.getTime() - 3_600_000));
    const glass = GLASS[(companyId + job) % GLASS.length] as (typeof GLASS)[number];
    const lines = [
      line(glass, productIds),
      // Each garage its own pace (1 h 30 to 2 h 15): the centres of « Mon réseau » do not total the same.
      line(LABOUR, productIds, 1.5 + (companyId % 4) * 0.25),
      line(GLUE, productIds),
      ...(glass.camera ? [line(CAMERA, productIds)] : []),
    ];
    // Frozen with each issued document (a draft reads the folder's own when shown: it is dropped on drafts below).
    const header = {
      ...base,
      folderId: folder.id,
      createdAt: at,
      updatedAt: at,
      vehicleMentions: vehicleMentionsOf(folder),
    };
    // The newest job is still a draft quote, the one before is sent, the others are invoiced.
    const stage = job === picked.length - 1 ? 'draft' : job === picked.length - 2 ? 'issued' : 'invoiced';
    const quote: Doc = {
      ...header,
      type: 'quotation',
      billTo: 'customer',
      customer,
      lines,
      taxInclusive: false,
      ...(stage === 'draft' ? {} : issued(new Date(at.getTime() + 3_600_000), 30)),
      status: stage,
    };
    quotes.push(quote);
    if (stage === 'issued') {
      // The quote sent last is accepted: a 30 % deposit is billed on it (its title names the quote once numbered).
      const depositAt = new Date(Math.min(at.getTime() + 2 * 3_600_000, now.getTime() - 900_000));
      const share = Math.round((priceLines(lines, false).amounts.totalAmount * 30) / 100);
      invoices.push({
        ...header,
        type: 'invoice',
        source: quote,
        deposit: true,
        billTo: 'customer',
        customer,
        taxInclusive: true,
        createdAt: depositAt,
        updatedAt: depositAt,
        lines: [{ ...line({ title: 'Acompte', code: '', price: share }, productIds), productId: null, details: '' }],
        ...issued(depositAt, 0),
      });
    }
    if (stage !== 'invoiced') return;
    const invoicedAt = new Date(Math.min(at.getTime() + 2 * DAY, now.getTime() - 1_800_000));
    const asDraft = job === picked.length - 3;
    const dated = (terms: number) =>
      asDraft ? { status: 'draft', paymentTermDays: terms } : issued(invoicedAt, terms);
    const invoiceHeader = { ...header, type: 'invoice', source: quote, createdAt: invoicedAt, updatedAt: invoicedAt };
    const insurer = folderParty(facts, 'insurer');
    const quoteTotal = priceLines(lines, false).amounts.totalAmount;
    const deductibleTotal = deductibleOf(deductibleTermsOf(facts), quoteTotal);
    if (insurer && job % 3 === 0 && deductibleTotal > 0) {
      // The deductible split of the folder's policy: the customer pays the franchise, the insurer the rest.
      const split = splitDeductible(
        lines,
        { taxInclusive: false, tax: 20, totalAmount: quoteTotal },
        deductibleTotal,
        folder.claimNumber,
      );
      const deductible: Doc = {
        ...invoiceHeader,
        billTo: 'customer',
        customer,
        taxInclusive: true,
        lines: split.customerLines,
        exemptionReason: splitExemptionReason(split.customerLines, ''),
        ...dated(0),
      };
      const toInsurer: Doc = {
        ...invoiceHeader,
        billTo: 'insurer',
        customer: insurer,
        lines: split.insurerLines,
        exemptionReason: splitExemptionReason(split.insurerLines, ''),
        buyerReference: folder.claimNumber ?? '',
        deductibleDoc: deductible,
        ...dated(30),
      };
      invoices.push(deductible, toInsurer);
      claims.push({
        folder,
        insurer: toInsurer,
        deductible,
        deductibleTotal: priceLines(split.customerLines, true).amounts.totalAmount,
        insurerTotal: priceLines(split.insurerLines, false).amounts.totalAmount,
        workPlace: garage.garageType === 'Mobile' ? joinPlace(folder) : joinPlace(garage),
      });
    } else {
      invoices.push({ ...invoiceHeader, billTo: 'customer', customer, taxInclusive: false, lines, ...dated(0) });
    }
  });
  // Two credit notes: one issued over a whole invoice, one draft over its first line.
  const corrected = invoices.filter((invoice) => invoice.status === 'issued');
  for (const [index, invoice] of [corrected[1], corrected[4]].entries()) {
    if (!invoice?.issuedAt) continue;
    const at = new Date(Math.min(invoice.issuedAt.getTime() + 4 * DAY, now.getTime() - 600_000));
    const lines = invoice.lines.map((item) => ({ ...item, quantity: -item.quantity }));
    credits.push({
      ...invoice,
      type: 'credit-note',
      source: invoice,
      createdAt: at,
      updatedAt: at,
      lines: index === 0 ? lines : lines.slice(0, 1),
      creditReason:
        index === 0 ? 'Intervention annulée : le client a gardé son pare-brise' : 'Remise commerciale accordée',
      ...(index === 0 ? issued(at, 0) : { status: 'draft', issuedAt: null, dueDate: null }),
      saleDate: invoice.saleDate,
    });
  }
  // Purchase orders: received long ago, sent last week, a draft of today.
  shops.slice(0, 3).forEach((supplier, index) => {
    for (const ageDays of index === 0 ? [300, 150, 9] : index === 1 ? [210, 60, 2] : [90]) {
      const at = new Date(now.getTime() - ageDays * DAY);
      const glass = GLASS[(index + ageDays) % GLASS.length] as (typeof GLASS)[number];
      const order: Doc = {
        ...base,
        type: 'purchase-order',
        supplierId: supplier.id,
        billTo: 'supplier',
        customer: supplierParty(supplier),
        taxInclusive: false,
        lines: [
          line({ ...glass, price: Math.round(glass.price * 0.6) }, productIds, 2 + (ageDays % 3), true),
          line({ ...GLUE, price: Math.round(GLUE.price * 0.55) }, productIds, 6, true),
        ],
        createdAt: at,
        updatedAt: at,
        ...(ageDays > 30 ? issued(at, 45) : ageDays > 5 ? issued(at, 45) : {}),
        status: ageDays > 30 ? 'received' : ageDays > 5 ? 'issued' : 'draft',
      };
      quotes.push(order);
      if (order.status === 'received') received.push(order);
    }
  });
  return Object.assign([quotes, invoices, credits], { received, claims });
}

/** Numbers every issued document per garage and series in issue order, one `nextNumber` call per series. */
async function number(tx: Transaction, docs: Doc[]) {
  const series = new Map<string, Doc[]>();
  for (const doc of docs) {
    if (doc.status === 'draft' || !doc.issuedAt) continue;
    const key = `${doc.companyId}:${doc.type}`;
    series.set(key, [...(series.get(key) ?? []), doc]);
  }
  for (const group of series.values()) {
    group.sort((a, b) => (a.issuedAt as Date).getTime() - (b.issuedAt as Date).getTime());
    const first = group[0] as Doc;
    const type = first.type as DocumentType;
    const last = await nextNumber(tx, first.companyId, DOCUMENT_SERIES[type], group.length);
    group.forEach((doc, index) => {
      doc.number = documentNumber(type, doc.issuedAt as Date, last - group.length + 1 + index);
    });
  }
}
