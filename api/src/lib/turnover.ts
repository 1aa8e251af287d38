import { sql } from 'drizzle-orm';

/*
 * A garage's turnover, computed once for every page that shows it (the dashboard's money, the network page's centres),
 * so that a centre shows the same figure on both.
 */

/**
 * Per company (`company_id`): `revenue`, the invoices less the credit notes issued in [from, to[ before tax (cents), and
 * `jobs`, the jobs invoiced (a folder counts once, whatever its invoices: a deductible's two are one job; an invoice
 * without a folder is a job of its own). A subquery to join on the companies.
 */
export const turnoverByCompany = (from: Date, to: Date) => sql`
  select company_id,
    sum(case when type = 'credit-note' then -abs(pre_tax_amount) else pre_tax_amount end) as revenue,
    count(distinct case when type = 'invoice' then coalesce('f' || folder_id, 'i' || id) end) as jobs
  from billing_documents
  where type in ('invoice', 'credit-note') and status <> 'draft' and issued_at >= ${from} and issued_at < ${to}
  group by company_id`;
