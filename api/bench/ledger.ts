/**
 * `pnpm bench:ledger`: what the inalterable chain costs. On each driver (PostgreSQL, PGlite), issues and
 * pays BENCH_DOCS invoices (10 000 by default) through the product's own functions and prints, per operation, the
 * p50/p95 of the whole issue and payment and of the chain's part (the append: lock the garage's head, hash, write):
 * target under 2 ms p95. Then tops the chain up to BENCH_CHECK_LINKS links (100 000) and times the integrity check
 * (target under 5 s). Times are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { vatNumberOf, withLuhnKey } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db';
import { companies, payments, users } from '../src/db/schema';
import { issueDocument } from '../src/modules/billing/documents/document-issue';
import { createDocument } from '../src/modules/billing/documents/documents-repository';
import { recordPayment } from '../src/modules/billing/payments/payments-repository';
import { chainBackfill } from '../src/modules/ledger/backfill';
import { appendTimings } from '../src/modules/ledger/chain';
import { verifyChain } from '../src/modules/ledger/integrity';
import { type Driver, int, openDatabase, percentile, seconds } from './harness';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const CHECK_LINKS = Number(process.env.BENCH_CHECK_LINKS ?? 100_000);
const drivers = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',') as Driver[];

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`;
};

async function garage(db: Database) {
  const siren = withLuhnKey('91234567');
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Garage du banc d’essai',
      siret: withLuhnKey(`${siren}0001`),
      tvaNumber: vatNumberOf(siren),
      legalForm: 'SAS',
      shareCapital: 500_000,
      registryKind: 'RCS',
      registryPlace: 'Lyon',
      address: '1 rue du Banc',
      postalCode: '69007',
      city: 'Lyon',
    })
    .returning({ id: companies.id });
  const [user] = await db
    .insert(users)
    .values({ email: `banc-${Date.now()}@test.garage.fr`, name: 'Banc', passwordHash: 'x' })
    .returning({ id: users.id });
  if (!company || !user) throw new Error('bench garage not created');
  return { companyId: company.id, userId: user.id };
}

async function run(driver: Driver) {
  const opened = await openDatabase(driver, 'ledger');
  const { db } = opened.handle;
  try {
    const { companyId, userId } = await garage(db);
    const issue: number[] = [];
    const pay: number[] = [];
    const chainIssue: number[] = [];
    const chainPay: number[] = [];
    let sink = chainIssue;
    appendTimings.observe = (ms) => sink.push(ms);
    const started = performance.now();
    const buyer = { name: 'Client', address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' };
    for (let index = 0; index < DOCS; index += 1) {
      const id = await createDocument(
        db,
        companyId,
        'invoice',
        {
          folderId: null,
          supplierId: null,
          billTo: 'customer',
          customer: { ...buyer, siren: '', vatNumber: '', email: '', isBusiness: false },
          deliveryAddress: '',
          operationCategory: 'services',
          tax: 20,
          taxInclusive: false,
          saleDate: null,
          paymentTermDays: 30,
          notes: '',
          buyerReference: '',
          exemptionReason: '',
          executionDelay: '',
          quoteFee: 0,
          lines: [
            {
              title: 'Pose pare-brise',
              productId: null,
              quantity: 1,
              preTaxAmount: 10_000 + index,
              remise: 0,
              details: '',
              position: 1,
              addToStock: false,
              taxRate: 20,
              unit: 'C62',
              partOrigin: null,
              deductsDepositId: null,
            },
          ],
        },
        userId,
      );
      sink = chainIssue;
      let at = performance.now();
      await issueDocument(db, [companyId], id, userId);
      issue.push(performance.now() - at);
      sink = chainPay;
      at = performance.now();
      await db.transaction((tx) =>
        recordPayment(tx, {
          companyIds: [companyId],
          invoiceId: id,
          amount: 5_000,
          method: index % 2 ? 'card' : 'transfer',
          paidOn: new Date().toISOString().slice(0, 10),
          comment: '',
          userId,
        }),
      );
      pay.push(performance.now() - at);
    }
    appendTimings.observe = undefined;
    console.log(`[${driver}] ${int(DOCS)} invoices issued and paid in ${seconds(started)}`);
    console.log(`  issue (whole):     ${stats(issue)}`);
    console.log(`  issue, chain part: ${stats(chainIssue)}`);
    console.log(`  payment (whole):   ${stats(pay)}`);
    console.log(`  payment, chain:    ${stats(chainPay)}`);

    // Up to CHECK_LINKS links: more payments of the issued invoices, written directly, then chained.
    const missing = Math.max(0, CHECK_LINKS - 2 * DOCS);
    if (missing > 0) {
      const topUp = performance.now();
      await db.execute(sql`
        insert into ${payments} (company_id, invoice_id, amount, method, paid_on, comment)
        select ${companyId}, d.id, 1, 'cash', current_date, ''
        from billing_documents d, generate_series(1, ${Math.ceil(missing / DOCS)}) g
        where d.company_id = ${companyId} and d.type = 'invoice'
        limit ${missing}`);
      await chainBackfill(db);
      console.log(`  chain topped up to ${int(2 * DOCS + missing)} links in ${seconds(topUp)}`);
    }
    const check = performance.now();
    const report = await verifyChain(db, companyId);
    console.log(
      `  integrity check of ${int(report.checked)} links: ${((performance.now() - check) / 1000).toFixed(2)} s (${report.valid ? 'valid' : 'BROKEN'})`,
    );
    const [row] = await db.select({ jeton: companies.jeton }).from(companies).where(eq(companies.id, companyId));
    if (!row) throw new Error('bench garage vanished');
  } finally {
    await opened.dispose();
  }
}

for (const driver of drivers) await run(driver);
