import type { BillingParty } from 'contracts';
import type { Account, Chart } from './chart';
import { compactCode } from './entries';

/*
 * Auxiliary accounts: the collective account (411, 401 or the garage's own) followed by a code that
 * stays the same for the same third party from one export to the next:
 *   - a business (customer, insurer or supplier) with a SIREN: its SIREN, so one company is one account whatever
 *     the folder;
 *   - a private customer: its folder's number (the product's customer file: "D-2026-00042" -> 411D202600042);
 *   - an insurer or a customer without either, a supplier without SIRET: a supplier's id ("F12"), else its name.
 */

export interface ThirdParty {
  account: Account;
  aux: { account: string; label: string };
}

const sirenIn = (text: string | null | undefined) => {
  const digits = (text ?? '').replace(/[\s.]/g, '');
  return /^\d{9}(\d{5})?$/.test(digits) ? digits.slice(0, 9) : '';
};
const auxOf = (collective: Account, code: string, label: string): ThirdParty => ({
  account: collective,
  aux: { account: `${collective.account}${code || 'DIVERS'}`, label: label || 'Divers' },
});

/** Who a document is billed to: its insurer or its customer. */
export function buyerAccount(
  chart: Chart,
  document: { billTo: string; customer: BillingParty; folderNumber: string | null },
): ThirdParty {
  const { customer } = document;
  const siren = sirenIn(customer.siren);
  if (document.billTo === 'insurer') {
    return auxOf(chart.insurers, siren || compactCode(customer.name), customer.name);
  }
  const folder = document.folderNumber ? compactCode(document.folderNumber) : '';
  return auxOf(chart.customers, siren || folder || compactCode(customer.name), customer.name);
}

/** The supplier of an expense: one of the garage's suppliers, or a name typed on the expense. */
export function supplierAccount(
  chart: Chart,
  expense: { supplierId: number | null; supplierSiret: string | null; supplierName: string },
): ThirdParty {
  const siren = sirenIn(expense.supplierSiret);
  const code = siren || (expense.supplierId !== null ? `F${expense.supplierId}` : compactCode(expense.supplierName));
  return auxOf(chart.suppliers, code, expense.supplierName);
}
