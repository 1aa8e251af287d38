import { amount, day102, decimal } from '../../../lib/einvoice-numbers';
import { element as el, renderXml } from '../../../lib/xml';
import type { EInvoice, ELine, EParty, ETax } from './model';

/*
 * The e-invoice as UN/CEFACT Cross Industry Invoice D22B, Factur-X 1.09 profile EN 16931: the `factur-x.xml` a
 * Factur-X PDF carries, and the bare CII a platform accepts. Elements follow the schema's order (the Factur-X
 * XSD refuses any other); which business term goes where is in model.ts.
 */

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};
/** The EN 16931 profile of Factur-X (BT-24). */
export const CII_GUIDELINE = 'urn:cen.eu:en16931:2017';

const date = (day: string) => el('udt:DateTimeString', day102(day), { format: '102' });

function party(tag: string, party: EParty) {
  return el(tag, [
    party.siret ? el('ram:GlobalID', party.siret, { schemeID: '0009' }) : null,
    el('ram:Name', party.name),
    el('ram:Description', party.legalInfo),
    el('ram:SpecifiedLegalOrganization', [
      party.siren ? el('ram:ID', party.siren, { schemeID: '0002' }) : null,
      el('ram:TradingBusinessName', party.tradeName && party.tradeName !== party.name ? party.tradeName : ''),
    ]),
    el('ram:PostalTradeAddress', [
      el('ram:PostcodeCode', party.address.postcode),
      el('ram:LineOne', party.address.line),
      el('ram:CityName', party.address.city),
      el('ram:CountryID', party.address.country),
    ]),
    party.electronicAddress
      ? el('ram:URIUniversalCommunication', [
          el('ram:URIID', party.electronicAddress.id, { schemeID: party.electronicAddress.scheme }),
        ])
      : null,
    el('ram:SpecifiedTaxRegistration', [party.vatNumber ? el('ram:ID', party.vatNumber, { schemeID: 'VA' }) : null]),
    el('ram:SpecifiedTaxRegistration', [
      party.taxRegistration ? el('ram:ID', party.taxRegistration, { schemeID: 'FC' }) : null,
    ]),
  ]);
}

function line(line: ELine) {
  return el('ram:IncludedSupplyChainTradeLineItem', [
    el('ram:AssociatedDocumentLineDocument', [
      el('ram:LineID', line.id),
      el('ram:IncludedNote', [el('ram:Content', line.note)]),
    ]),
    el('ram:SpecifiedTradeProduct', [
      el('ram:Name', line.name),
      el('ram:Description', line.description),
      line.characteristics.map((each) =>
        el('ram:ApplicableProductCharacteristic', [el('ram:Description', each.name), el('ram:Value', each.value)]),
      ),
    ]),
    el('ram:SpecifiedLineTradeAgreement', [
      el('ram:NetPriceProductTradePrice', [el('ram:ChargeAmount', line.netPrice)]),
    ]),
    el('ram:SpecifiedLineTradeDelivery', [el('ram:BilledQuantity', line.quantity, { unitCode: line.unitCode })]),
    el('ram:SpecifiedLineTradeSettlement', [
      el('ram:ApplicableTradeTax', [
        el('ram:TypeCode', 'VAT'),
        el('ram:CategoryCode', line.category),
        el('ram:RateApplicablePercent', decimal(line.rate)),
      ]),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', [el('ram:LineTotalAmount', amount(line.total))]),
    ]),
  ]);
}

function tax(entry: ETax, taxPointCode: EInvoice['taxPointCode']) {
  return el('ram:ApplicableTradeTax', [
    el('ram:CalculatedAmount', amount(entry.tax)),
    el('ram:TypeCode', 'VAT'),
    el('ram:ExemptionReason', entry.exemptionReason),
    el('ram:BasisAmount', amount(entry.base)),
    el('ram:CategoryCode', entry.category),
    el('ram:DueDateTypeCode', taxPointCode ?? ''),
    el('ram:RateApplicablePercent', decimal(entry.rate)),
  ]);
}

function settlement(invoice: EInvoice) {
  return el('ram:ApplicableHeaderTradeSettlement', [
    el('ram:InvoiceCurrencyCode', 'EUR'),
    invoice.iban
      ? el('ram:SpecifiedTradeSettlementPaymentMeans', [
          // 58: SEPA credit transfer, to the garage's account.
          el('ram:TypeCode', '58'),
          el('ram:PayeePartyCreditorFinancialAccount', [el('ram:IBANID', invoice.iban)]),
        ])
      : null,
    invoice.taxes.map((entry) => tax(entry, invoice.taxPointCode)),
    el('ram:SpecifiedTradePaymentTerms', [
      el('ram:Description', invoice.paymentTerms),
      invoice.dueDay ? el('ram:DueDateDateTime', [date(invoice.dueDay)]) : null,
    ]),
    el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      el('ram:LineTotalAmount', amount(invoice.totals.lines)),
      el('ram:TaxBasisTotalAmount', amount(invoice.totals.lines)),
      el('ram:TaxTotalAmount', amount(invoice.totals.tax), { currencyID: 'EUR' }),
      el('ram:GrandTotalAmount', amount(invoice.totals.grand)),
      invoice.totals.prepaid ? el('ram:TotalPrepaidAmount', amount(invoice.totals.prepaid)) : null,
      el('ram:DuePayableAmount', amount(invoice.totals.due)),
    ]),
    invoice.preceding
      ? el('ram:InvoiceReferencedDocument', [
          el('ram:IssuerAssignedID', invoice.preceding.number),
          el('ram:FormattedIssueDateTime', [
            el('qdt:DateTimeString', day102(invoice.preceding.issueDay), { format: '102' }),
          ]),
        ])
      : null,
  ]);
}

/** The CII XML of an e-invoice. */
export function ciiXml(invoice: EInvoice): string {
  return renderXml(
    el(
      'rsm:CrossIndustryInvoice',
      [
        el('rsm:ExchangedDocumentContext', [
          el('ram:BusinessProcessSpecifiedDocumentContextParameter', [el('ram:ID', invoice.billingFramework)]),
          el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', CII_GUIDELINE)]),
        ]),
        el('rsm:ExchangedDocument', [
          el('ram:ID', invoice.number),
          el('ram:TypeCode', invoice.typeCode),
          el('ram:IssueDateTime', [date(invoice.issueDay)]),
          invoice.notes.map((note) =>
            el('ram:IncludedNote', [el('ram:Content', note.content), el('ram:SubjectCode', note.subject)]),
          ),
        ]),
        el('rsm:SupplyChainTradeTransaction', [
          invoice.lines.map(line),
          el('ram:ApplicableHeaderTradeAgreement', [
            el('ram:BuyerReference', invoice.buyerReference),
            party('ram:SellerTradeParty', invoice.seller),
            party('ram:BuyerTradeParty', invoice.buyer),
          ]),
          el('ram:ApplicableHeaderTradeDelivery', [
            el('ram:ActualDeliverySupplyChainEvent', [el('ram:OccurrenceDateTime', [date(invoice.saleDay)])]),
          ]),
          settlement(invoice),
        ]),
      ],
      NAMESPACES,
    ),
  );
}
