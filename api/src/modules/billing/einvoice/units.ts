import { formatParisDate, parisDay, UNIT_PACK_TAX_RATE, UNITS_SELLER } from 'contracts';
import type { companies, unitOrders } from '../../../db/schema';
import { amount } from '../../../lib/einvoice-numbers';
import { type EInvoice, legalNotes, sellerParty } from './model';

/*
 * The e-invoice of a units purchase: the product's publisher sells a pack of units (a service) to a garage, paid
 * by card at order, so the invoice says « already paid » (S2): everything prepaid, nothing due (BR-FR-CO-09).
 */

type PaidOrder = Pick<
  typeof unitOrders.$inferSelect,
  'paidAt' | 'createdAt' | 'units' | 'packId' | 'preTaxPrice' | 'totalPrice'
> & { invoiceNumber: string };
type Garage = typeof companies.$inferSelect;

export function unitsEInvoice(order: PaidOrder, garage: Garage): EInvoice {
  const paidAt = order.paidAt ?? order.createdAt;
  const day = parisDay(paidAt);
  const tax = order.totalPrice - order.preTaxPrice;
  return {
    number: order.invoiceNumber,
    typeCode: '380',
    issueDay: day,
    saleDay: day,
    dueDay: day,
    billingFramework: 'S2',
    notes: [...legalNotes(true, null), { subject: 'AAI', content: `Payée par carte le ${formatParisDate(paidAt)}` }],
    buyerReference: '',
    seller: sellerParty(UNITS_SELLER),
    // The garage as a buyer: its identity and e-invoicing address as « Ma société » gives them.
    buyer: {
      ...sellerParty({ ...garage, vatNumber: garage.tvaNumber }),
      legalInfo: '',
      taxRegistration: '',
    },
    lines: [
      {
        id: '1',
        name: `Pack de ${order.units} unités (${order.packId})`,
        description: 'Unités de consultation des données véhicule',
        quantity: '1',
        unitCode: 'C62',
        netPrice: amount(order.preTaxPrice),
        total: order.preTaxPrice,
        category: 'S',
        rate: UNIT_PACK_TAX_RATE,
        note: '',
        characteristics: [],
      },
    ],
    taxes: [{ category: 'S', rate: UNIT_PACK_TAX_RATE, base: order.preTaxPrice, tax, exemptionReason: '' }],
    totals: { lines: order.preTaxPrice, tax, grand: order.totalPrice, prepaid: order.totalPrice, due: 0 },
    taxPointCode: '72',
    paymentTerms: 'Payée par carte à la commande',
    iban: '',
    preceding: null,
  };
}
