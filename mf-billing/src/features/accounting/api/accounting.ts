import {
  ACCOUNTING_PATHS,
  type AccountingPeriod,
  type AccountMappingBody,
  accountingSettingsSchema,
  accountingSummarySchema,
  type JournalCode,
  journalLineRowSchema,
} from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/accounting/{companyId}: SIREN, fiscal year and chart of accounts of the garage. */
export const getAccountingSettings = (companyId: number) =>
  request(ACCOUNTING_PATHS.settings(companyId), accountingSettingsSchema);

/** PUT /api/accounting/{companyId}/accounts: the whole chart (roles left out go back to their default). */
export const saveAccounts = (companyId: number, body: AccountMappingBody) =>
  request(ACCOUNTING_PATHS.accounts(companyId), accountingSettingsSchema, { method: 'put', json: body });

/** GET /api/accounting/{companyId}/summary: each journal's totals and the sales' VAT over the period. */
export const getAccountingSummary = (companyId: number, period: AccountingPeriod) =>
  request(ACCOUNTING_PATHS.summary(companyId), accountingSummarySchema, { searchParams: { ...period } });

/** GET /api/accounting/{companyId}/entries: one journal's lines over the period (shared paging). */
export const journalFetcher = (companyId: number, journal: JournalCode, period: AccountingPeriod) =>
  pagedFetcher(ACCOUNTING_PATHS.entries(companyId), journalLineRowSchema, { ...period, journal });
