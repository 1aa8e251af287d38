/**
 * `pnpm bench:einvoice`: the time to make the Factur-X of a 50-line invoice (its CII written from the document,
 * the PDF drawn, made PDF/A-3 and carrying the XML), p50/p95 over 200 runs after a warm-up, beside the target
 * (p95 under 150 ms), and its size beside the same invoice's plain PDF. In memory: what issue and the first
 * download pay, without the database around them.
 */
import { performance } from 'node:perf_hooks';
import { type BillingDocument, documentTotals } from 'contracts';
import type { Seller } from '../src/modules/billing/documents/documents-queries';
import { ciiXml } from '../src/modules/billing/einvoice/cii';
import { eInvoiceOf } from '../src/modules/billing/einvoice/model';
import { documentPdf } from '../src/modules/billing/pdf/document-pdf';
import { percentile } from './harness';

const RUNS = 200;
const TARGET_P95_MS = 150;

const seller: Seller = {
  name: 'Garage des Essais SARL',
  tradeName: 'Garage des Essais',
  address: '3 rue des Essais',
  postalCode: '69007',
  city: 'Lyon',
  siret: '82345678900017',
  vatNumber: 'FR12823456789',
  legalForm: 'SARL',
  shareCapital: 1_000_000,
  registryKind: 'RCS',
  registryPlace: 'Lyon',
  vatExemption: null,
  email: 'contact@garage.example',
  phone: '0478000000',
  iban: 'FR7630006000011234567890189',
  vatOnDebits: false,
  latePenaltyRate: null,
  einvoicingAddress: '',
  network: null,
  logoMimeType: null,
  logoContent: null,
};

function fiftyLineInvoice(): BillingDocument {
  const amountLines = Array.from({ length: 50 }, (_, index) => ({
    quantity: (index % 3) + 1,
    unitPrice: 1_099 + index * 100,
    discount: index % 5 === 0 ? 10 : 0,
    taxRate: index % 7 === 0 ? 10 : 20,
  }));
  const totals = documentTotals(amountLines, false);
  return {
    id: 1,
    type: 'invoice',
    status: 'issued',
    number: 'F-2026-00050',
    companyId: 1,
    folderId: null,
    folderNumber: null,
    supplierId: null,
    billTo: 'customer',
    customer: {
      name: 'Transports Rhône SARL',
      address: '12 quai Perrache',
      postalCode: '69002',
      city: 'Lyon',
      siren: '432109870',
      vatNumber: 'FR00432109870',
      email: 'compta@transports-rhone.example',
      isBusiness: true,
    },
    deliveryAddress: '',
    operationCategory: 'mixed',
    tax: 20,
    taxInclusive: false,
    saleDate: '2026-11-27',
    paymentTermDays: 30,
    paidAtIssue: null,
    issuedAt: '2026-11-28T09:00:00.000Z',
    dueDate: '2026-12-28',
    notes: '',
    buyerReference: 'CMD-2026-118',
    exemptionReason: '',
    executionDelay: '',
    quoteFee: 0,
    vehicleMentions: null,
    lines: amountLines.map((line, index) => ({
      id: index + 1,
      position: index + 1,
      title: `Pièce de carrosserie n° ${index + 1}`,
      productId: null,
      details: 'Référence constructeur, pose comprise',
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      remise: line.discount,
      taxRate: line.taxRate,
      addToStock: false,
      unit: 'C62',
      partOrigin: null,
      deductsDepositId: null,
      total: totals.lineTotals[index] ?? 0,
    })),
    preTaxAmount: totals.preTaxAmount,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    vatByRate: totals.vatByRate,
    paidAmount: 0,
    creditedAmount: 0,
    creditReason: null,
    insurerMentions: null,
    insurerShare: null,
    deposit: false,
    splitPartner: null,
    sourceId: null,
    sourceNumber: null,
    derived: [],
    editable: false,
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
  } as BillingDocument;
}

async function facturX(document: BillingDocument) {
  const xml = ciiXml(eInvoiceOf(document, seller, { precedingIssueDay: null }));
  return documentPdf(document, seller, xml);
}

const document = fiftyLineInvoice();
for (let warm = 0; warm < 10; warm++) await facturX(document);
const times: number[] = [];
let size = 0;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  size = (await facturX(document)).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const plain = (await documentPdf(document, seller)).length;
const p95 = percentile(times, 95);
console.log(`Factur-X d’une facture de 50 lignes (${RUNS} essais, après 10 de chauffe)`);
console.log(`  p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (cible p95 < ${TARGET_P95_MS} ms)`);
console.log(`  taille : ${(size / 1024).toFixed(1)} Ko en Factur-X, ${(plain / 1024).toFixed(1)} Ko en PDF simple`);
