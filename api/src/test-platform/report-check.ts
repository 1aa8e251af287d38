import type { FlowType } from '../modules/einvoicing/platform/xp-z12-013';
import { all, parseXml, text } from '../modules/einvoicing/reading/xml-tree';
import type { StoredFlow } from './platform-state';

/*
 * What the test platform checks of an e-reporting file before it acknowledges it, as a real platform would before
 * passing it on to the administration: its declarant is the organisation depositing it, its totals add up, a
 * period already reported is only reported again by a rectifying transmission citing the one it replaces. A test
 * (or the demo) may also have an organisation's next report rejected, to walk through a correction.
 */

const CATEGORIES = new Set(['TLB1', 'TPS1', 'TNT1', 'TMA1']);
const cents = (value: string) => Math.round(Number(value) * 100);

type Problem = { reasonCode: string; reasonMessage: string } | null;

export interface ReportCheck {
  flowType: FlowType;
  /** The report's own id and period, kept to recognise a second one for the same period. */
  reportId: string;
  periodKey: string;
  problem: Problem;
}

function totalsProblem(report: unknown): Problem {
  for (const transactions of all(report, 'TransactionsReport', 'Transactions')) {
    const subtotals = all(transactions, 'TaxSubtotal');
    const base = subtotals.reduce((sum, each) => sum + cents(text(each, 'TaxableAmount')), 0);
    const tax = subtotals.reduce((sum, each) => sum + cents(text(each, 'TaxTotal')), 0);
    if (!CATEGORIES.has(text(transactions, 'CategoryCode')))
      return { reasonCode: 'REJ_SEMAN', reasonMessage: `Catégorie inconnue : ${text(transactions, 'CategoryCode')}` };
    if (base !== cents(text(transactions, 'TaxExclusiveAmount')) || tax !== cents(text(transactions, 'TaxTotal')))
      return { reasonCode: 'REJ_COH', reasonMessage: `Totaux incohérents le ${text(transactions, 'Date')}` };
  }
  return null;
}

/** Reads and checks one deposited report against the organisation's earlier ones. */
export function checkReport(
  bytes: Uint8Array,
  organization: string,
  earlier: { flow: StoredFlow; check: ReportCheck }[],
  forcedRejection: boolean,
): ReportCheck {
  const tree = parseXml(new TextDecoder().decode(bytes));
  const header = { Report: tree.Report };
  const payments = text(header, 'Report', 'PaymentsReport', 'Period', 'StartDate');
  const kind = payments ? 'PaymentsReport' : 'TransactionsReport';
  const flowType: FlowType = payments ? 'AggregatedCustomerPaymentReport' : 'AggregatedCustomerTransactionReport';
  const reportId = text(header, 'Report', 'ReportDocument', 'Id');
  const periodKey = `${kind}:${text(header, 'Report', kind, 'Period', 'StartDate')}`;
  const typeCode = text(header, 'Report', 'ReportDocument', 'TypeCode');
  const replaces = text(header, 'Report', 'ReportDocument', 'ReferencedDocument', 'Id');
  const live = earlier.filter(
    (each) => each.check.periodKey === periodKey && each.flow.acknowledgement.status === 'Ok',
  );
  const problem: Problem =
    text(header, 'Report', 'ReportDocument', 'Issuer', 'Id') !== organization
      ? { reasonCode: 'REJ_DECL', reasonMessage: 'Le déclarant n’est pas l’organisation qui dépose' }
      : typeCode === 'RE' && !earlier.some((each) => each.check.reportId === replaces)
        ? { reasonCode: 'REJ_REF', reasonMessage: `Transmission rectifiée inconnue : ${replaces || 'aucune'}` }
        : typeCode === 'IN' && live.length > 0
          ? {
              reasonCode: 'REJ_DOUBLON',
              reasonMessage: 'Période déjà déclarée : envoyez une transmission rectificative',
            }
          : forcedRejection
            ? { reasonCode: 'REJ_SEMAN', reasonMessage: 'Donnée obligatoire absente ou invalide (test)' }
            : totalsProblem(tree.Report);
  return { flowType, reportId, periodKey, problem };
}
