import { rgb } from '@cantoo/pdf-lib';
import { formatEurosText } from 'contracts';
import { decimal, unitPrice } from '../lib/einvoice-numbers';
import { newPdf } from '../lib/pdf-document';
import { embedInvoiceXml } from '../lib/pdf-factur-x';
import { ciiXml } from '../modules/billing/einvoice/cii';
import { type EInvoice, type EParty, legalNotes } from '../modules/billing/einvoice/model';
import { ublXml } from '../modules/billing/einvoice/ubl';

/*
 * A supplier's invoice as its own software would send it to a garage through the platform: the same EN 16931
 * writers as our invoices (so the official rules hold them), in the three syntaxes a platform carries. The test
 * platform delivers these to the demo's garages, and the tests receive them.
 */

export interface SupplierInvoiceSpec {
  number: string;
  issueDay: string;
  dueDay: string;
  seller: { name: string; siret: string; vatNumber: string; address: string; postcode: string; city: string };
  buyer: { name: string; siren: string; address: string; postcode: string; city: string };
  lines: { name: string; quantity: number; unitCents: number; rate: number }[];
  creditNote?: { invoiceNumber: string; invoiceDay: string };
}

export type SupplierSyntax = 'CII' | 'UBL' | 'Factur-X';

function party(
  spec: { name: string; address: string; postcode: string; city: string },
  siren: string,
  siret: string,
  vat: string,
): EParty {
  return {
    name: spec.name,
    tradeName: '',
    siren,
    siret,
    vatNumber: vat,
    taxRegistration: '',
    legalInfo: siret ? 'SAS au capital de 50 000 €' : '',
    address: { line: spec.address, postcode: spec.postcode, city: spec.city, country: 'FR' },
    electronicAddress: { scheme: '0225', id: siren },
  };
}

export function supplierEInvoice(spec: SupplierInvoiceSpec): EInvoice {
  const lines = spec.lines.map((line, index) => {
    const total = Math.round(line.quantity * line.unitCents);
    return {
      id: String(index + 1),
      name: line.name,
      description: '',
      quantity: decimal(line.quantity),
      unitCode: 'C62',
      netPrice: unitPrice(total, line.quantity),
      total,
      category: 'S' as const,
      rate: line.rate,
      note: '',
      characteristics: [],
    };
  });
  const rates = [...new Set(lines.map((line) => line.rate))];
  const taxes = rates.map((rate) => {
    const base = lines.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.total, 0);
    return { category: 'S' as const, rate, base, tax: Math.round((base * rate) / 100), exemptionReason: '' };
  });
  const net = taxes.reduce((sum, tax) => sum + tax.base, 0);
  const tax = taxes.reduce((sum, each) => sum + each.tax, 0);
  return {
    number: spec.number,
    typeCode: spec.creditNote ? '381' : '380',
    issueDay: spec.issueDay,
    saleDay: spec.issueDay,
    dueDay: spec.creditNote ? null : spec.dueDay,
    billingFramework: 'B1',
    notes: legalNotes(true, 10),
    buyerReference: '',
    seller: party(spec.seller, spec.seller.siret.slice(0, 9), spec.seller.siret, spec.seller.vatNumber),
    buyer: party(spec.buyer, spec.buyer.siren, '', ''),
    lines,
    taxes,
    totals: { lines: net, tax, grand: net + tax, prepaid: 0, due: net + tax },
    taxPointCode: null,
    paymentTerms: `Paiement à 30 jours, le ${spec.dueDay}`,
    iban: 'FR7630006000011234567890189',
    preceding: spec.creditNote ? { number: spec.creditNote.invoiceNumber, issueDay: spec.creditNote.invoiceDay } : null,
  };
}

/** A readable PDF of the invoice carrying its CII: what a supplier's software mails or deposits as Factur-X. */
async function facturX(invoice: EInvoice): Promise<Uint8Array> {
  const at = new Date(`${invoice.issueDay}T09:00:00Z`);
  const { pdf, regular, bold } = await newPdf({ title: `Facture ${invoice.number}`, author: invoice.seller.name, at });
  const page = pdf.addPage([595, 842]);
  const write = (text: string, y: number, font = regular) =>
    page.drawText(text, { x: 50, y, size: 11, font, color: rgb(0, 0, 0) });
  write(invoice.seller.name, 790, bold);
  write(`Facture n° ${invoice.number} du ${invoice.issueDay}`, 760, bold);
  write(`Client : ${invoice.buyer.name} (SIREN ${invoice.buyer.siren})`, 740);
  invoice.lines.forEach((line, index) => {
    write(`${line.name} : ${line.quantity} × ${line.netPrice} € HT, TVA ${line.rate} %`, 700 - index * 18);
  });
  write(`Total TTC : ${formatEurosText(invoice.totals.grand)}`, 680 - invoice.lines.length * 18, bold);
  await embedInvoiceXml(pdf, ciiXml(invoice), at);
  return pdf.save({ useObjectStreams: false });
}

/** The file of a supplier invoice in one syntax, with the name a platform would give it. */
export async function supplierInvoiceFile(
  spec: SupplierInvoiceSpec,
  syntax: SupplierSyntax,
): Promise<{ name: string; bytes: Uint8Array }> {
  const invoice = supplierEInvoice(spec);
  const base = `facture-${spec.number.replace(/[^\w-]/g, '_')}`;
  if (syntax === 'Factur-X') return { name: `${base}.pdf`, bytes: await facturX(invoice) };
  const xml = syntax === 'CII' ? ciiXml(invoice) : ublXml(invoice);
  return { name: `${base}.xml`, bytes: new TextEncoder().encode(xml) };
}
