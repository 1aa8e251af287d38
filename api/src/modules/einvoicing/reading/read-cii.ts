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
 * A UN/CEFACT Cross Industry Invoice (the bare CII, or the `factur-x.xml` of a Factur-X) into business terms. Paths
 * follow the CII D22B schema the Factur-X EN 16931 profile uses; cii.ts writes the same paths for our own invoices.
 */

function party(node: unknown): ReceivedParty {
  const legalId = text(node, 'SpecifiedLegalOrganization', 'ID');
  const globalId = text(node, 'GlobalID');
  const vat = all(node, 'SpecifiedTaxRegistration').find((each) => attribute(each, 'schemeID', 'ID') === 'VA');
  const siret = attribute(node, 'schemeID', 'GlobalID') === '0009' ? globalId : '';
  return {
    name: text(node, 'Name'),
    siren: /^\d{9}$/.test(legalId) ? legalId : siret.slice(0, 9),
    siret,
    vatNumber: vat ? text(vat, 'ID') : '',
    address: {
      line: text(node, 'PostalTradeAddress', 'LineOne'),
      postcode: text(node, 'PostalTradeAddress', 'PostcodeCode'),
      city: text(node, 'PostalTradeAddress', 'CityName'),
    },
  };
}

function line(node: XmlNode): ReceivedLine {
  const settlement = 'SpecifiedLineTradeSettlement';
  const id = text(node, 'AssociatedDocumentLineDocument', 'LineID');
  return {
    id,
    name: text(node, 'SpecifiedTradeProduct', 'Name'),
    quantity: text(node, 'SpecifiedLineTradeDelivery', 'BilledQuantity'),
    unitCode: attribute(node, 'unitCode', 'SpecifiedLineTradeDelivery', 'BilledQuantity'),
    netPrice: text(node, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
    total: cents(
      text(node, settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      `la ligne ${id}`,
    ),
    vatCategory: text(node, settlement, 'ApplicableTradeTax', 'CategoryCode'),
    vatRate: text(node, settlement, 'ApplicableTradeTax', 'RateApplicablePercent') || '0',
  };
}

function tax(node: XmlNode): ReceivedTax {
  const rate = text(node, 'RateApplicablePercent') || '0';
  return {
    category: text(node, 'CategoryCode'),
    rate,
    base: cents(text(node, 'BasisAmount'), `la base de TVA à ${rate} %`),
    tax: cents(text(node, 'CalculatedAmount'), `la TVA à ${rate} %`),
  };
}

export function readCii(root: XmlNode): ReceivedInvoice {
  const invoice = root.CrossIndustryInvoice;
  if (!invoice) throw new UnreadableInvoice('Ce fichier XML n’est pas une facture CII');
  const transaction = 'SupplyChainTradeTransaction';
  const agreement = [transaction, 'ApplicableHeaderTradeAgreement'];
  const settlement = [transaction, 'ApplicableHeaderTradeSettlement'];
  const summation = [...settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation'];
  const typeCode = text(invoice, 'ExchangedDocument', 'TypeCode');
  const due = text(invoice, ...settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString');
  const preTax = text(invoice, ...summation, 'TaxBasisTotalAmount');
  const total = text(invoice, ...summation, 'GrandTotalAmount');
  return {
    typeCode,
    creditNote: typeCode === '381',
    number: text(invoice, 'ExchangedDocument', 'ID'),
    issueDate: isoDay(text(invoice, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString'), 'la date de facture'),
    dueDate: due ? isoDay(due, 'l’échéance') : null,
    currency: text(invoice, ...settlement, 'InvoiceCurrencyCode'),
    seller: party(at(invoice, ...agreement, 'SellerTradeParty')),
    buyer: party(at(invoice, ...agreement, 'BuyerTradeParty')),
    lines: all(invoice, transaction, 'IncludedSupplyChainTradeLineItem').map(line),
    taxes: all(invoice, ...settlement, 'ApplicableTradeTax').map(tax),
    totals: {
      preTax: cents(preTax, 'le total HT'),
      tax: cents(text(invoice, ...summation, 'TaxTotalAmount') || '0', 'le total de TVA'),
      total: cents(total, 'le total TTC'),
      due: cents(text(invoice, ...summation, 'DuePayableAmount') || total, 'le net à payer'),
    },
  };
}
