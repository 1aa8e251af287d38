import {
  cents,
  isoDay,
  type ReceivedInvoice,
  type ReceivedLine,
  type ReceivedParty,
  type ReceivedTax,
  UnreadableInvoice,
} from './received-invoice';
import { all, at, attribute, text, type XmlNode } from './xml-tree';

/*
 * A UBL 2.1 Invoice or CreditNote into business terms (EN 16931's UBL binding; ubl.ts writes the same paths for our
 * own invoices). A credit note names its lines CreditNoteLine and their quantity CreditedQuantity.
 */

function party(node: unknown): ReceivedParty {
  const entity = at(node, 'PartyLegalEntity');
  const legalId = text(entity, 'CompanyID');
  const identifications = all(node, 'PartyIdentification');
  const siretEntry = identifications.find((each) => attribute(each, 'schemeID', 'ID') === '0009');
  const siret = siretEntry ? text(siretEntry, 'ID') : '';
  const vat = all(node, 'PartyTaxScheme').find((each) => text(each, 'TaxScheme', 'ID') === 'VAT');
  return {
    name: text(entity, 'RegistrationName') || text(node, 'PartyName', 'Name'),
    siren: /^\d{9}$/.test(legalId) ? legalId : siret.slice(0, 9),
    siret,
    vatNumber: vat ? text(vat, 'CompanyID') : '',
    address: {
      line: text(node, 'PostalAddress', 'StreetName'),
      postcode: text(node, 'PostalAddress', 'PostalZone'),
      city: text(node, 'PostalAddress', 'CityName'),
    },
  };
}

function line(node: XmlNode, credit: boolean): ReceivedLine {
  const id = text(node, 'ID');
  const quantity = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  return {
    id,
    name: text(node, 'Item', 'Name'),
    quantity: text(node, quantity),
    unitCode: attribute(node, 'unitCode', quantity),
    netPrice: text(node, 'Price', 'PriceAmount'),
    total: cents(text(node, 'LineExtensionAmount'), `la ligne ${id}`),
    vatCategory: text(node, 'Item', 'ClassifiedTaxCategory', 'ID'),
    vatRate: text(node, 'Item', 'ClassifiedTaxCategory', 'Percent') || '0',
  };
}

function tax(node: XmlNode): ReceivedTax {
  const rate = text(node, 'TaxCategory', 'Percent') || '0';
  return {
    category: text(node, 'TaxCategory', 'ID'),
    rate,
    base: cents(text(node, 'TaxableAmount'), `la base de TVA à ${rate} %`),
    tax: cents(text(node, 'TaxAmount'), `la TVA à ${rate} %`),
  };
}

export function readUbl(root: XmlNode): ReceivedInvoice {
  const credit = root.CreditNote !== undefined;
  const invoice = (credit ? root.CreditNote : root.Invoice) as XmlNode | undefined;
  if (!invoice) throw new UnreadableInvoice('Ce fichier XML n’est pas une facture UBL');
  const currency = text(invoice, 'DocumentCurrencyCode');
  // A second TaxTotal may give the VAT in the accounting currency, without breakdown: the one in the invoice's wins.
  const taxTotals = all(invoice, 'TaxTotal');
  const taxTotal =
    taxTotals.find((each) => all(each, 'TaxSubtotal').length > 0) ??
    taxTotals.find((each) => attribute(each, 'currencyID', 'TaxAmount') === currency);
  const typeCode = text(invoice, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode');
  const due = text(invoice, 'DueDate') || text(invoice, 'PaymentMeans', 'PaymentDueDate');
  const totals = at(invoice, 'LegalMonetaryTotal');
  const total = text(totals, 'TaxInclusiveAmount');
  return {
    typeCode,
    creditNote: credit || typeCode === '381',
    number: text(invoice, 'ID'),
    issueDate: isoDay(text(invoice, 'IssueDate'), 'la date de facture'),
    dueDate: due ? isoDay(due, 'l’échéance') : null,
    currency,
    seller: party(at(invoice, 'AccountingSupplierParty', 'Party')),
    buyer: party(at(invoice, 'AccountingCustomerParty', 'Party')),
    lines: all(invoice, credit ? 'CreditNoteLine' : 'InvoiceLine').map((each) => line(each, credit)),
    taxes: taxTotal ? all(taxTotal, 'TaxSubtotal').map(tax) : [],
    totals: {
      preTax: cents(text(totals, 'TaxExclusiveAmount'), 'le total HT'),
      tax: cents(text(taxTotal, 'TaxAmount') || '0', 'le total de TVA'),
      total: cents(total, 'le total TTC'),
      due: cents(text(totals, 'PayableAmount') || total, 'le net à payer'),
    },
  };
}
