import { z } from 'zod';
import { eurosSchema } from './billing';
import { RECEIVED_STATUSES } from './einvoicing';
import { pagedResponseSchema } from './paging';

/* Expenses and purchases of a garage: supplier, amounts, category, receipt (checked by content). */

export const EXPENSE_CATEGORIES = [
  'Vitrage',
  'Pièces détachées',
  'Consommables',
  'Outillage',
  'Carburant et déplacements',
  'Sous-traitance',
  'Loyer et charges',
  'Autre',
] as const;

/** Columns by index = sortField. */
export const EXPENSE_COLUMNS = [
  'date',
  'supplier',
  'label',
  'category',
  'preTaxAmount',
  'taxAmount',
  'totalAmount',
  'einvoiceStatus',
] as const;
export const EXPENSE_LIST_ERROR = 'Erreur lors du chargement des dépenses';
export const EXPENSE_SAVED = 'Dépense enregistrée';
export const EXPENSE_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour saisir une dépense';
export const EXPENSE_NOT_FOUND = 'Dépense introuvable';
export const EXPENSE_RECEIPT_INVALID = 'Le justificatif doit être un PDF ou une image (JPEG, PNG)';

export const expenseRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  supplierId: z.number().int().nullable(),
  supplier: z.string(),
  label: z.string(),
  category: z.string(),
  preTaxAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalAmount: z.number().int(),
  hasReceipt: z.boolean(),
  /** Booked from a supplier's e-invoice: its status as the garage set it (null: typed by hand). */
  einvoiceStatus: z.enum(RECEIVED_STATUSES).nullable(),
});
export type ExpenseRow = z.infer<typeof expenseRowSchema>;
export const expenseListResponseSchema = pagedResponseSchema(expenseRowSchema);

/** The fields of `POST /api/expense` (multipart: these plus an optional `file`, the receipt). */
export const expenseBodySchema = z.object({
  supplierId: z.coerce.number().int().min(1).nullable().default(null),
  supplierName: z.string().trim().max(200).default(''),
  label: z.string().trim().min(1, { message: 'Le libellé est obligatoire' }).max(200),
  category: z.enum(EXPENSE_CATEGORIES, { message: 'Choisissez une catégorie' }),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date invalide' }),
  preTaxAmount: eurosSchema('Montant HT invalide'),
  taxAmount: eurosSchema('Montant de TVA invalide'),
});
export type ExpenseBody = z.input<typeof expenseBodySchema>;
export const expenseCreatedSchema = z.object({ id: z.number().int() });
