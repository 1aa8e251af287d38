import type { EreportKind } from 'contracts';
import { amount, day102 } from '../../lib/einvoice-numbers';
import { element, renderXml } from '../../lib/xml';
import type { Period } from './periods';
import type { ReportLine } from './report-figures';

/*
 * The e-reporting file (syntax « FRR » of XP Z12-013), after the semantic model of Flux 10 in the DGFiP's external
 * specifications: a report header (its id, date, whether it is a first or a rectifying transmission, the declaring
 * company by SIREN), then either the aggregated transactions (10.3: per day and category, the base and VAT of each
 * rate, how many documents) or the aggregated payments (10.4: per day, the amount received at each rate). Amounts
 * in euros with two decimals, dates as YYYYMMDD, as in the e-invoices. docs/decisions.md « E-reporting » says why
 * this shape and what a real platform checks.
 */

export interface FrrReport {
  id: string;
  issuedAt: Date;
  kind: EreportKind;
  /** The report this one rectifies (a correction after a rejection). */
  replaces: string | null;
  declarant: { siren: string; name: string };
  period: Period;
  lines: ReportLine[];
  count: number;
}

const rate = (value: number) => value.toFixed(2);
const timestamp = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

function byKey<T>(items: T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.entries()];
}

function transactions(report: FrrReport) {
  return byKey(report.lines, (line) => `${line.day}|${line.category}`).map(([key, lines]) => {
    const [day = '', category = ''] = key.split('|');
    return element('Transactions', [
      element('Date', day102(day)),
      element('CurrencyCode', 'EUR'),
      element('CategoryCode', category),
      element('TaxExclusiveAmount', amount(lines.reduce((sum, line) => sum + line.amount, 0))),
      element('TaxTotal', amount(lines.reduce((sum, line) => sum + line.tax, 0))),
      lines.map((line) =>
        element('TaxSubtotal', [
          element('TaxableAmount', amount(line.amount)),
          element('TaxTotal', amount(line.tax)),
          element('TaxCategory', [element('Percent', rate(line.rate))]),
        ]),
      ),
    ]);
  });
}

function paymentTransactions(report: FrrReport) {
  return byKey(report.lines, (line) => line.day).map(([day, lines]) =>
    element('Transactions', [
      element('Date', day102(day)),
      lines.map((line) =>
        element('SubTotals', [
          element('TaxPercent', rate(line.rate)),
          element('CurrencyCode', 'EUR'),
          element('Amount', amount(line.amount)),
        ]),
      ),
    ]),
  );
}

/** The report as the bytes deposited on the platform (deterministic: the same report gives the same file). */
export function frrXml(report: FrrReport): string {
  const period = element('Period', [
    element('StartDate', day102(report.period.start)),
    element('EndDate', day102(report.period.end)),
  ]);
  const body =
    report.kind === 'transactions'
      ? element('TransactionsReport', [
          period,
          element('TransactionsCount', String(report.count)),
          transactions(report),
        ])
      : element('PaymentsReport', [
          period,
          element('PaymentsCount', String(report.count)),
          paymentTransactions(report),
        ]);
  return renderXml(
    element('Report', [
      element('ReportDocument', [
        element('Id', report.id),
        element('IssueDateTime', timestamp(report.issuedAt), { format: '204' }),
        element('TypeCode', report.replaces ? 'RE' : 'IN'),
        report.replaces ? element('ReferencedDocument', [element('Id', report.replaces)]) : null,
        element('Issuer', [
          element('Id', report.declarant.siren, { schemeId: '0002' }),
          element('Name', report.declarant.name),
          element('RoleCode', 'SE'),
        ]),
      ]),
      body,
    ]),
  );
}

/** The platform's flow type of a report (XP Z12-013 FlowType). */
export const FLOW_TYPES: Record<EreportKind, string> = {
  transactions: 'AggregatedCustomerTransactionReport',
  payments: 'AggregatedCustomerPaymentReport',
};
