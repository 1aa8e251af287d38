import { z } from 'zod';
import { PERIOD_EXPORT_DATE_INVALID, PERIOD_EXPORT_FORMATS, periodExportRefusal } from './billing-downloads';
import type { EXPENSE_CATEGORIES } from './expenses';
import { pagedResponseSchema, pagingQuerySchema } from './paging';

/*
 * The accountant's exports: a garage's sales, receipts and expenses as journal entries on a French chart
 * of accounts (defaults below, changed per garage by its admin), shown by journal, downloaded as the FEC or as
 * journals in CSV or Excel.
 */

/**
 * AN the opening balances taken over from the former software (à-nouveaux), VT sales and credit notes, BQ receipts at
 * the bank (card, transfer, cheque), CA cash, AC expenses.
 */
export const JOURNALS = ['AN', 'VT', 'BQ', 'CA', 'AC'] as const;
export type JournalCode = (typeof JOURNALS)[number];
export const JOURNAL_LABELS: Record<JournalCode, string> = {
  AN: 'Reprise (à-nouveaux)',
  VT: 'Ventes',
  BQ: 'Banque',
  CA: 'Caisse',
  AC: 'Achats',
};

export const ACCOUNT_GROUPS = ['sales', 'vat', 'parties', 'treasury', 'purchases'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];
export const ACCOUNT_GROUP_LABELS: Record<AccountGroup, string> = {
  sales: 'Ventes',
  vat: 'TVA',
  parties: 'Clients, assureurs et fournisseurs',
  treasury: 'Trésorerie',
  purchases: 'Achats et charges',
};

interface AccountRoleDefinition {
  /** What the account is used for (the key of `account_mappings`). */
  key: string;
  group: AccountGroup;
  /** What the page calls the role. */
  role: string;
  /** The French default (plan comptable général) and its label. */
  account: string;
  label: string;
  /** What a garage's own account must start with (its class in the PCG). */
  prefix: string;
}

const role = <K extends string>(
  key: K,
  group: AccountGroup,
  roleName: string,
  account: string,
  label: string,
  prefix: string,
) => ({ key, group, role: roleName, account, label, prefix }) satisfies AccountRoleDefinition;

/** Every account the entries use, with its French default. */
export const ACCOUNT_ROLES = [
  role('sales-labour', 'sales', 'Main-d’œuvre (lignes en heures)', '706', 'Prestations de services', '70'),
  role('sales-goods', 'sales', 'Pièces et fournitures (lignes à la pièce)', '707', 'Ventes de marchandises', '70'),
  role('vat-20', 'vat', 'TVA collectée à 20 %', '445711', 'TVA collectée 20 %', '4457'),
  role('vat-10', 'vat', 'TVA collectée à 10 %', '445712', 'TVA collectée 10 %', '4457'),
  role('vat-5.5', 'vat', 'TVA collectée à 5,5 %', '445713', 'TVA collectée 5,5 %', '4457'),
  role('vat-2.1', 'vat', 'TVA collectée à 2,1 %', '445714', 'TVA collectée 2,1 %', '4457'),
  role(
    'vat-pending',
    'vat',
    'TVA sur les prestations, due à l’encaissement (sans option pour les débits)',
    '44574',
    'TVA collectée en attente d’encaissement',
    '4457',
  ),
  role(
    'vat-deductible',
    'vat',
    'TVA déductible sur les dépenses',
    '445661',
    'TVA déductible sur autres biens et services',
    '4456',
  ),
  role('customers', 'parties', 'Clients (un compte auxiliaire par client)', '411', 'Clients', '41'),
  role('insurers', 'parties', 'Assureurs (un compte auxiliaire par assureur)', '411', 'Clients', '41'),
  role(
    'disbursements',
    'parties',
    'Débours refacturés au client (lignes à 0 % « débours »)',
    '467',
    'Autres comptes débiteurs ou créditeurs',
    '46',
  ),
  role(
    'opening-balances',
    'parties',
    'Soldes repris de l’ancien logiciel (contrepartie des à-nouveaux clients et assureurs)',
    '4718',
    'Reprise des créances de l’ancien logiciel',
    '47',
  ),
  role('deposits', 'parties', 'Acomptes reçus avant facture', '4191', 'Clients - avances et acomptes reçus', '419'),
  role('suppliers', 'parties', 'Fournisseurs (un compte auxiliaire par fournisseur)', '401', 'Fournisseurs', '40'),
  role('bank', 'treasury', 'Banque (carte et virement)', '512', 'Banque', '51'),
  role('cheques', 'treasury', 'Chèques à encaisser', '5112', 'Chèques à encaisser', '51'),
  role('cash', 'treasury', 'Caisse (espèces)', '530', 'Caisse', '53'),
  role('expense-glass', 'purchases', 'Dépenses « Vitrage »', '6071', 'Achats de vitrage', '6'),
  role('expense-parts', 'purchases', 'Dépenses « Pièces détachées »', '6072', 'Achats de pièces détachées', '6'),
  role('expense-consumables', 'purchases', 'Dépenses « Consommables »', '6022', 'Fournitures consommables', '6'),
  role('expense-tools', 'purchases', 'Dépenses « Outillage »', '6063', 'Petit équipement et outillage', '6'),
  role('expense-travel', 'purchases', 'Dépenses « Carburant et déplacements »', '6251', 'Voyages et déplacements', '6'),
  role('expense-subcontracting', 'purchases', 'Dépenses « Sous-traitance »', '611', 'Sous-traitance générale', '6'),
  role('expense-rent', 'purchases', 'Dépenses « Loyer et charges »', '6132', 'Locations immobilières', '6'),
  role('expense-other', 'purchases', 'Dépenses « Autre »', '6068', 'Autres matières et fournitures', '6'),
] as const;
export type AccountKey = (typeof ACCOUNT_ROLES)[number]['key'];
export const ACCOUNT_KEYS = ACCOUNT_ROLES.map((each) => each.key) as [AccountKey, ...AccountKey[]];

/** The account of each expense category. */
export const EXPENSE_ACCOUNT_KEYS: Record<(typeof EXPENSE_CATEGORIES)[number], AccountKey> = {
  Vitrage: 'expense-glass',
  'Pièces détachées': 'expense-parts',
  Consommables: 'expense-consumables',
  Outillage: 'expense-tools',
  'Carburant et déplacements': 'expense-travel',
  'Sous-traitance': 'expense-subcontracting',
  'Loyer et charges': 'expense-rent',
  Autre: 'expense-other',
};

/** The collected-VAT account of a rate (0 % bears none). */
export function vatAccountKey(rate: number): AccountKey | undefined {
  const key = `vat-${rate}`;
  return ACCOUNT_KEYS.find((each) => each === key);
}

export const ACCOUNTING_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour voir sa comptabilité';
export const ACCOUNTING_SIRET_MISSING =
  'Le SIRET du garage manque : renseignez-le dans « Ma société » (le nom du fichier FEC commence par le SIREN)';
export const ACCOUNT_MAPPING_SAVED = 'Plan de comptes enregistré';
export const ACCOUNT_NUMBER_INVALID =
  'Numéro de compte : 3 chiffres du plan comptable, puis des chiffres ou des lettres majuscules (20 caractères au plus)';
export const ACCOUNT_LABEL_INVALID = 'Libellé du compte : 1 à 100 caractères';
export const ACCOUNT_KEY_UNKNOWN = 'Compte inconnu du plan de comptes';
export const ACCOUNT_KEY_TWICE = 'Un même compte du plan est donné deux fois';
export const JOURNAL_UNKNOWN = 'Journal inconnu : AN, VT, BQ, CA ou AC';
export const accountPrefixRefusal = (roleName: string, prefix: string) =>
  `${roleName} : le compte doit commencer par ${prefix}`;
export const accountLabelConflict = (account: string, label: string) =>
  `Le compte ${account} a déjà le libellé « ${label} » : un compte n’a qu’un libellé`;

const day = z.string({ message: PERIOD_EXPORT_DATE_INVALID });
const periodShape = { from: day, to: day };
/** The period's refusal (calendar days, Du ≤ Au, a year at most), the same as the period exports'. */
const refusePeriod = (period: { from: string; to: string }, context: z.RefinementCtx) => {
  const refusal = periodExportRefusal(period.from, period.to);
  if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['to'] });
};

export const accountingCompanyParamsSchema = z.object({
  companyId: z.coerce.number({ message: 'Identifiant de garage invalide' }).int().min(1),
});

/** `GET …/summary` and `…/fec`: days Du and Au of the Paris calendar, both included. */
export const accountingPeriodQuerySchema = z.object(periodShape).superRefine(refusePeriod);
export type AccountingPeriodQuery = z.infer<typeof accountingPeriodQuerySchema>;

/** `GET …/entries`: one journal's lines of the period, a page at a time (search: account, third party, piece, label). */
export const journalLinesQuerySchema = z
  .object({
    ...periodShape,
    journal: z.enum(JOURNALS, { message: JOURNAL_UNKNOWN }),
    ...pagingQuerySchema.pick({ page: true, pageSize: true, search: true }).shape,
  })
  .superRefine(refusePeriod);

/** `GET …/journals/export`: every journal (or one) of the period, as Excel or CSV. */
export const journalsExportQuerySchema = z
  .object({
    ...periodShape,
    format: z.enum(PERIOD_EXPORT_FORMATS).default('xlsx'),
    journal: z.enum(JOURNALS, { message: JOURNAL_UNKNOWN }).optional(),
  })
  .superRefine(refusePeriod);

export const accountEntrySchema = z.object({
  key: z.enum(ACCOUNT_KEYS),
  group: z.enum(ACCOUNT_GROUPS),
  role: z.string(),
  account: z.string(),
  label: z.string(),
  defaultAccount: z.string(),
  defaultLabel: z.string(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

/** `GET /api/accounting/{companyId}`: what the page needs to draw the garage's accounting. */
export const accountingSettingsSchema = z.object({
  companyId: z.number().int(),
  garage: z.string(),
  /** Null: no SIRET yet, so no FEC (its name starts with the SIREN). */
  siren: z.string().nullable(),
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  /** The caller may change this garage's accounts (its admin). */
  canEditMapping: z.boolean(),
  accounts: z.array(accountEntrySchema),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

const ACCOUNT_NUMBER = /^\d{3}[0-9A-Z]{0,17}$/;

/** `PUT /api/accounting/{companyId}/accounts`: the whole chart as the admin leaves it (defaults are not stored). */
export const accountMappingBodySchema = z
  .object({
    accounts: z
      .array(
        z.object({
          key: z.enum(ACCOUNT_KEYS, { message: ACCOUNT_KEY_UNKNOWN }),
          account: z.string().trim().toUpperCase().regex(ACCOUNT_NUMBER, { message: ACCOUNT_NUMBER_INVALID }),
          label: z
            .string()
            .trim()
            .min(1, { message: ACCOUNT_LABEL_INVALID })
            .max(100, { message: ACCOUNT_LABEL_INVALID }),
        }),
      )
      .max(ACCOUNT_ROLES.length),
  })
  .superRefine((body, context) => {
    const given = new Map<string, number>();
    body.accounts.forEach((entry, index) => {
      if (given.has(entry.key)) {
        context.addIssue({ code: 'custom', message: ACCOUNT_KEY_TWICE, path: ['accounts', index, 'key'] });
      }
      given.set(entry.key, index);
      const definition = ACCOUNT_ROLES.find((each) => each.key === entry.key);
      if (definition && !entry.account.startsWith(definition.prefix)) {
        const message = accountPrefixRefusal(definition.role, definition.prefix);
        context.addIssue({ code: 'custom', message, path: ['accounts', index, 'account'] });
      }
    });
    // One label per account over the chart that results (the roles left out keep their default).
    const labels = new Map<string, string>();
    for (const definition of ACCOUNT_ROLES) {
      const index = given.get(definition.key);
      const entry = index === undefined ? definition : (body.accounts[index] ?? definition);
      const known = labels.get(entry.account);
      if (known !== undefined && known !== entry.label) {
        const message = accountLabelConflict(entry.account, known);
        context.addIssue({
          code: 'custom',
          message,
          path: index === undefined ? ['accounts'] : ['accounts', index, 'label'],
        });
      }
      labels.set(entry.account, entry.label);
    }
  });
export type AccountMappingBody = z.input<typeof accountMappingBodySchema>;

export const journalTotalsSchema = z.object({
  code: z.enum(JOURNALS),
  label: z.string(),
  entries: z.number().int(),
  /** Cents. */
  debit: z.number().int(),
  credit: z.number().int(),
});
export type JournalTotals = z.infer<typeof journalTotalsSchema>;

/** `GET …/summary`: each journal's totals, VAT per rate of the sales (invoices minus credit notes), the FEC's name. */
export const accountingSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  journals: z.array(journalTotalsSchema),
  vat: z.array(z.object({ rate: z.number(), base: z.number().int(), tax: z.number().int() })),
  deductibleVat: z.number().int(),
  fecFileName: z.string().nullable(),
});
export type AccountingSummary = z.infer<typeof accountingSummarySchema>;

/** One line of a journal, as the page lists it. */
export const journalLineRowSchema = z.object({
  id: z.string(),
  journal: z.enum(JOURNALS),
  entryNumber: z.number().int(),
  /** Days "YYYY-MM-DD". */
  date: z.string(),
  account: z.string(),
  accountLabel: z.string(),
  auxAccount: z.string(),
  auxLabel: z.string(),
  pieceRef: z.string(),
  pieceDate: z.string(),
  label: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  validDate: z.string(),
});
export type JournalLineRow = z.infer<typeof journalLineRowSchema>;
export const journalLineListResponseSchema = pagedResponseSchema(journalLineRowSchema);

const base = (companyId: number) => `/api/accounting/${companyId}`;
const periodQuery = (period: { from: string; to: string }, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: period.from, to: period.to, ...extra }).toString();

/** The accounting calls of a garage. */
export const ACCOUNTING_PATHS = {
  settings: base,
  accounts: (companyId: number) => `${base(companyId)}/accounts`,
  summary: (companyId: number) => `${base(companyId)}/summary`,
  entries: (companyId: number) => `${base(companyId)}/entries`,
  fec: (companyId: number, period: { from: string; to: string }) => `${base(companyId)}/fec?${periodQuery(period)}`,
  journals: (companyId: number, period: { from: string; to: string }, format: 'xlsx' | 'csv', journal?: JournalCode) =>
    `${base(companyId)}/journals/export?${periodQuery(period, { format, ...(journal ? { journal } : {}) })}`,
};

/** "journaux-2025-11-01-au-2026-10-31.xlsx" (one journal: "journal-VT-…"). */
export const journalsFileName = (from: string, to: string, format: 'xlsx' | 'csv', journal?: JournalCode) =>
  `${journal ? `journal-${journal}` : 'journaux'}-${from}-au-${to}.${format}`;
