import { z } from 'zod';
import { autoReminderSchema } from './insurer-reminders';
import { paymentBodySchema } from './payments';

/*
 * « Créances assureurs »: what each insurer owes the garage on its issued invoices (total less credit notes and
 * payments), by the age of the invoices since their issue: 0–30, 31–60, 61–90 and over 90 days. Insurers are the
 * garages' main payers; the page shows who owes what and since when, and opens each insurer's invoices.
 */

export const INSURER_RECEIVABLES_TITLE = 'Créances assureurs';
export const INSURER_RECEIVABLES_ERROR = 'Erreur lors du chargement des créances assureurs';

/** The age buckets, in days since the invoice's issue (Paris days), their labels in order. */
export const RECEIVABLE_BUCKETS = ['upTo30', 'upTo60', 'upTo90', 'over90'] as const;
export type ReceivableBucket = (typeof RECEIVABLE_BUCKETS)[number];
export const RECEIVABLE_BUCKET_LABELS: Record<ReceivableBucket, string> = {
  upTo30: '0–30 j',
  upTo60: '31–60 j',
  upTo90: '61–90 j',
  over90: 'Plus de 90 j',
};
/** The bucket of an invoice `age` days old. */
export const receivableBucket = (age: number): ReceivableBucket =>
  age <= 30 ? 'upTo30' : age <= 60 ? 'upTo60' : age <= 90 ? 'upTo90' : 'over90';

/** One insurer: its name and SIREN as the invoices name it, what it owes in all and per bucket (cents). */
export const insurerReceivableSchema = z.object({
  insurer: z.string(),
  siren: z.string(),
  invoices: z.number().int(),
  due: z.number().int(),
  buckets: z.object({
    upTo30: z.number().int(),
    upTo60: z.number().int(),
    upTo90: z.number().int(),
    over90: z.number().int(),
  }),
  /** The issue day of its oldest unpaid invoice (YYYY-MM-DD); empty when it only has money on account. */
  oldestIssueDay: z.string(),
  /** Money it paid beyond its invoices, left on its account until applied to one (cents). */
  onAccount: z.number().int(),
});
export type InsurerReceivable = z.infer<typeof insurerReceivableSchema>;
export const insurerReceivablesSchema = z.object({
  insurers: z.array(insurerReceivableSchema),
  /** Whether the garages in view remind insurers by themselves. */
  autoReminder: autoReminderSchema,
  /** The totals of every insurer. */
  total: insurerReceivableSchema.omit({ insurer: true, siren: true, oldestIssueDay: true }),
});
export type InsurerReceivables = z.infer<typeof insurerReceivablesSchema>;

/** `GET /api/paiement/receivables/insurers/invoices?insurer=&siren=`: one insurer's unpaid invoices, oldest first. */
export const insurerInvoicesQuerySchema = z.object({
  insurer: z.string({ message: 'Assureur manquant' }).trim().min(1, { message: 'Assureur manquant' }).max(200),
  siren: z.string().trim().max(20).default(''),
});
export const insurerInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** An unpaid invoice of the former software (« Solde repris »): no document page to open, no PDF to remind with. */
  openingBalance: z.boolean(),
  companyId: z.number().int(),
  folderId: z.number().int().nullable(),
  folderNumber: z.string().nullable(),
  /** The insurer's reference: the claim number unless another was typed. */
  claimNumber: z.string(),
  issueDay: z.string(),
  dueDate: z.string().nullable(),
  totalAmount: z.number().int(),
  due: z.number().int(),
  age: z.number().int(),
  /** The Paris day of its last reminder to the insurer, if any. */
  lastReminderDay: z.string().nullable(),
});
export type InsurerInvoice = z.infer<typeof insurerInvoiceSchema>;
/** At most this many invoices per insurer are listed (the oldest). */
export const INSURER_INVOICES_LIMIT = 500;
export const insurerInvoicesSchema = z.array(insurerInvoiceSchema);

export const TRANSFER_SPLIT_SAVED = (count: number) => `Virement réparti sur ${count} facture${count > 1 ? 's' : ''}`;
export const TRANSFER_EXCEEDS_INVOICES = (excess: string) =>
  `Le virement dépasse de ${excess} ce que doivent les factures choisies : choisissez-en d’autres, corrigez le montant ou laissez le reste sur le compte de l’assureur`;
/** What the transfer dialog says before saving an amount above what the ticked invoices owe. */
export const transferLeftOnAccount = (excess: string, insurer: string) =>
  `${excess} de plus que ce que doivent les factures choisies : ce reste sera gardé sur le compte de ${insurer}, à imputer sur ses prochaines factures ou à lui rembourser.`;
export const ON_ACCOUNT_NOTHING = 'Cet assureur n’a aucun montant sur compte dans le garage de ces factures';
export const ON_ACCOUNT_APPLIED = (amount: string, count: number) =>
  `${amount} du compte de l’assureur imputés sur ${count} facture${count > 1 ? 's' : ''}`;
export const TRANSFER_INVOICE_NOT_DUE = 'Une des factures choisies n’a plus rien à payer : actualisez la liste';

/**
 * `POST /api/paiement/receivables/transfer`: one insurer transfer (or cheque) matched to several of its invoices: the
 * amount settles them oldest first, each to the cent, the last one partly when the amount runs out. An amount above
 * what the invoices owe is refused unless the garage chooses to leave the rest on the insurer's account.
 */
export const insurerTransferBodySchema = z.object({
  invoiceIds: z
    .array(z.number().int().min(1))
    .min(1, { message: 'Choisissez au moins une facture' })
    .max(200, { message: '200 factures au plus par virement' }),
  // The amount and the value date as a payment's, the same rules and messages.
  amount: paymentBodySchema.shape.amount,
  type: z.enum(['transfer', 'cheque'], { message: 'Virement ou chèque' }).default('transfer'),
  /** The value date (the bank statement's); today when absent. */
  date: paymentBodySchema.shape.date,
  /** The transfer's reference, written on each payment. */
  reference: z.string().trim().max(200, { message: 'Référence : 200 caractères au plus' }).default(''),
  /** An amount above what the invoices owe keeps the rest on the insurer's account (on the newest invoice). */
  leaveOnAccount: z.boolean().default(false),
});
export type InsurerTransferBody = z.input<typeof insurerTransferBodySchema>;
export const insurerTransferSchema = z.object({
  payments: z.array(z.object({ invoiceId: z.number().int(), number: z.string(), amount: z.number().int() })),
});
export type InsurerTransfer = z.infer<typeof insurerTransferSchema>;

/**
 * `POST /api/paiement/receivables/apply`: the money an insurer left on account in a garage applied to its invoices
 * there, oldest first, each to the cent, as far as it goes.
 */
export const insurerApplyBodySchema = insurerTransferBodySchema.pick({ invoiceIds: true });
export type InsurerApplyBody = z.input<typeof insurerApplyBodySchema>;

/** How `amount` settles invoices owing `dues` (in order): each in full while it lasts, the last in part; the excess. */
export function splitTransfer(amount: number, dues: number[]): { shares: number[]; excess: number } {
  let left = amount;
  const shares = dues.map((due) => {
    const share = Math.min(Math.max(due, 0), left);
    left -= share;
    return share;
  });
  return { shares, excess: left };
}
