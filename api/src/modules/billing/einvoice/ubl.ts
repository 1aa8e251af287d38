import { amount, decimal } from '../../../lib/einvoice-numbers';
import { element as el, renderXml } from '../../../lib/xml';
import type { EInvoice, ELine, EParty, ETax } from './model';

/*
 * The e-invoice as OASIS UBL 2.1 (an Invoice, or a CreditNote for a credit note), EN 16931: the other syntax every
 * approved platform accepts. Elements follow the UBL schema's order; which business term goes where is in
 * model.ts, the same as the CII's. Notes carry their subject code the UBL way: « #PMT#… ».
 */

const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const EUR = { currencyID: 'EUR' };
/** BT-8 in UBL's codes (UNTDID 2005): the invoice's date, or the payment's. */
const TAX_POINT = { '5': '3', '72': '432' } as const;

function party(tag: string, party: EParty) {
  return el(tag, [
    el('cac:Party', [
      party.electronicAddress
        ? el('cbc:EndpointID', party.electronicAddress.id, { schemeID: party.electronicAddress.scheme })
        : null,
      party.siret ? el('cac:PartyIdentification', [el('cbc:ID', party.siret, { schemeID: '0009' })]) : null,
      el('cac:PartyName', [el('cbc:Name', party.tradeName && party.tradeName !== party.name ? party.tradeName : '')]),
      el('cac:PostalAddress', [
        el('cbc:StreetName', party.address.line),
        el('cbc:CityName', party.address.city),
        el('cbc:PostalZone', party.address.postcode),
        el('cac:Country', [el('cbc:IdentificationCode', party.address.country)]),
      ]),
      party.vatNumber
        ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', party.vatNumber), el('cac:TaxScheme', [el('cbc:ID', 'VAT')])])
        : null,
      party.taxRegistration
        ? el('cac:PartyTaxScheme', [
            el('cbc:CompanyID', party.taxRegistration),
            el('cac:TaxScheme', [el('cbc:ID', 'FC')]),
          ])
        : null,
      el('cac:PartyLegalEntity', [
        el('cbc:RegistrationName', party.name),
        party.siren ? el('cbc:CompanyID', party.siren, { schemeID: '0002' }) : null,
        el('cbc:CompanyLegalForm', party.legalInfo),
      ]),
    ]),
  ]);
}

const category = (tag: string, entry: Pick<ETax, 'category' | 'rate'> & { exemptionReason?: string }) =>
  el(tag, [
    el('cbc:ID', entry.category),
    el('cbc:Percent', decimal(entry.rate)),
    el('cbc:TaxExemptionReason', entry.exemptionReason ?? ''),
    el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
  ]);

function line(line: ELine, credit: boolean) {
  return el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
    el('cbc:ID', line.id),
    el('cbc:Note', line.note),
    el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, { unitCode: line.unitCode }),
    el('cbc:LineExtensionAmount', amount(line.total), EUR),
    el('cac:Item', [
      el('cbc:Description', line.description),
      el('cbc:Name', line.name),
      category('cac:ClassifiedTaxCategory', line),
      line.characteristics.map((each) =>
        el('cac:AdditionalItemProperty', [el('cbc:Name', each.name), el('cbc:Value', each.value)]),
      ),
    ]),
    el('cac:Price', [el('cbc:PriceAmount', line.netPrice, EUR)]),
  ]);
}

/** What follows the parties: delivery, payment, VAT, totals and lines. */
function settlement(invoice: EInvoice, credit: boolean) {
  return [
    el('cac:Delivery', [el('cbc:ActualDeliveryDate', invoice.saleDay)]),
    invoice.iban
      ? el('cac:PaymentMeans', [
          el('cbc:PaymentMeansCode', '58'),
          el('cac:PayeeFinancialAccount', [el('cbc:ID', invoice.iban)]),
        ])
      : null,
    el('cac:PaymentTerms', [el('cbc:Note', invoice.paymentTerms)]),
    el('cac:TaxTotal', [
      el('cbc:TaxAmount', amount(invoice.totals.tax), EUR),
      invoice.taxes.map((entry) =>
        el('cac:TaxSubtotal', [
          el('cbc:TaxableAmount', amount(entry.base), EUR),
          el('cbc:TaxAmount', amount(entry.tax), EUR),
          category('cac:TaxCategory', entry),
        ]),
      ),
    ]),
    el('cac:LegalMonetaryTotal', [
      el('cbc:LineExtensionAmount', amount(invoice.totals.lines), EUR),
      el('cbc:TaxExclusiveAmount', amount(invoice.totals.lines), EUR),
      el('cbc:TaxInclusiveAmount', amount(invoice.totals.grand), EUR),
      invoice.totals.prepaid ? el('cbc:PrepaidAmount', amount(invoice.totals.prepaid), EUR) : null,
      el('cbc:PayableAmount', amount(invoice.totals.due), EUR),
    ]),
    invoice.lines.map((each) => line(each, credit)),
  ];
}

/** The UBL XML of an e-invoice: an Invoice, or a CreditNote for type 381. */
export function ublXml(invoice: EInvoice): string {
  const credit = invoice.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const taxPoint = invoice.taxPointCode
    ? el('cac:InvoicePeriod', [el('cbc:DescriptionCode', TAX_POINT[invoice.taxPointCode])])
    : null;
  return renderXml(
    el(
      root,
      [
        el('cbc:CustomizationID', 'urn:cen.eu:en16931:2017'),
        el('cbc:ProfileID', invoice.billingFramework),
        el('cbc:ID', invoice.number),
        el('cbc:IssueDate', invoice.issueDay),
        credit ? null : el('cbc:DueDate', invoice.dueDay ?? ''),
        el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', invoice.typeCode),
        invoice.notes.map((note) => el('cbc:Note', `#${note.subject}#${note.content}`)),
        el('cbc:DocumentCurrencyCode', 'EUR'),
        el('cbc:BuyerReference', invoice.buyerReference),
        taxPoint,
        invoice.preceding
          ? el('cac:BillingReference', [
              el('cac:InvoiceDocumentReference', [
                el('cbc:ID', invoice.preceding.number),
                el('cbc:IssueDate', invoice.preceding.issueDay),
              ]),
            ])
          : null,
        party('cac:AccountingSupplierParty', invoice.seller),
        party('cac:AccountingCustomerParty', invoice.buyer),
        settlement(invoice, credit),
      ],
      {
        xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
        'xmlns:cac': NAMESPACES.cac,
        'xmlns:cbc': NAMESPACES.cbc,
      },
    ),
  );
}
