import { z } from 'zod';
import { parisToday } from './clock';
import { customerVehicleShape } from './folders';
import { parseEuros } from './money';
import { OPENING_BALANCE_DEFAULT_TERM_DAYS } from './opening-balances';

/*
 * The open receivables of the former software: its invoices still unpaid on the day the garage switches, brought as
 * opening balances (« soldes repris »), never as new invoices. They take no number of the garage's own series, bear
 * no VAT and no sale; they are what the customer or the insurer still owes, followed in « Recouvrements » and
 * « Créances assureurs », paid like any invoice, and booked once in the accounts' opening journal (AN).
 */

export const RECEIVABLE_FIELDS = [
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'debtorName',
  'externalId',
  'insurer',
  'claimNumber',
  'plate',
  'email',
  'phone',
  'totalAmount',
  'amountDue',
] as const;
type ReceivableOnlyField = Exclude<(typeof RECEIVABLE_FIELDS)[number], 'externalId' | 'plate' | 'email' | 'phone'>;

export const RECEIVABLE_FIELD_LABELS: Record<ReceivableOnlyField, string> = {
  invoiceNumber: 'N° de facture (ancien logiciel)',
  invoiceDate: 'Date de facture',
  dueDate: 'Échéance',
  debtorName: 'Client (nom ou raison sociale)',
  insurer: 'Assureur qui doit la facture',
  claimNumber: 'N° de sinistre',
  totalAmount: 'Montant TTC (€)',
  amountDue: 'Reste dû (€)',
};

export const RECEIVABLE_HEADER_NAMES: Record<ReceivableOnlyField, readonly string[]> = {
  invoiceNumber: [
    'n facture',
    'numero facture',
    'numero de facture',
    'no facture',
    'num facture',
    'facture',
    'n piece',
    'numero piece',
    'piece',
    'invoice',
    'invoice number',
    'invoice no',
  ],
  invoiceDate: ['date facture', 'date de facture', 'date', 'date piece', 'date emission', 'invoice date'],
  dueDate: ['echeance', 'date echeance', 'date d echeance', 'date limite', 'date limite de paiement', 'due date'],
  debtorName: [
    'client',
    'nom client',
    'nom du client',
    'nom',
    'raison sociale',
    'debiteur',
    'tiers',
    'customer',
    'name',
  ],
  insurer: ['assureur', 'compagnie', 'compagnie d assurance', 'payeur assureur', 'insurer', 'insurance company'],
  claimNumber: ['n sinistre', 'numero sinistre', 'numero de sinistre', 'sinistre', 'ref sinistre', 'claim number'],
  totalAmount: ['montant ttc', 'total ttc', 'ttc', 'montant', 'total', 'amount', 'total amount'],
  amountDue: [
    'reste du',
    'reste a payer',
    'restant du',
    'solde',
    'solde du',
    'du',
    'montant du',
    'impaye',
    'balance',
    'amount due',
    'outstanding',
  ],
};

export const RECEIVABLE_REQUIRED_FIELDS = ['invoiceNumber', 'invoiceDate', 'debtorName', 'amountDue'] as const;

/**
 * A date as French exports write it: 31/12/2024, 31/12/24, 31.12.2024, 31-12-2024 or 2024-12-31 (ISO), read as
 * YYYY-MM-DD; undefined when it is no day of the calendar (31/02).
 */
export function parseFrenchDate(text: string): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : french
      ? [Number(french[3]) + ((french[3] ?? '').length === 2 ? 2000 : 0), Number(french[2]), Number(french[1])]
      : [0, 0, 0];
  if (!year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus `days`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} : ${max} caractères au plus` });
const optional = (label: string, max: number) =>
  text(label, max)
    .optional()
    .transform((value) => value || undefined);
const day = (label: string) =>
  z.string({ message: `${label} manquante` }).transform((value, context) => {
    const parsed = parseFrenchDate(value);
    if (!parsed) {
      context.addIssue({ code: 'custom', message: `${label} illisible : « ${value} » (attendu JJ/MM/AAAA)` });
      return z.NEVER;
    }
    return parsed;
  });
const euros = (label: string) =>
  z.string({ message: `${label} manquant` }).transform((value, context) => {
    const cents = parseEuros(value);
    if (cents === undefined) {
      context.addIssue({ code: 'custom', message: `${label} illisible : « ${value} » (un montant en euros)` });
      return z.NEVER;
    }
    return cents;
  });

/** One unpaid invoice of the former software, checked: dates, what is still due (more than zero), the debtor. */
export const importReceivableRowSchema = z
  .object({
    invoiceNumber: text('N° de facture', 40).min(1, { message: 'N° de facture manquant' }),
    invoiceDate: day('Date de facture'),
    dueDate: day('Échéance').optional(),
    debtorName: text('Client', 200).min(1, { message: 'Client manquant' }),
    externalId: optional('Code client', 60),
    insurer: optional('Assureur', 120),
    claimNumber: optional('N° de sinistre', 40),
    plate: optional('Immatriculation', 20),
    email: customerVehicleShape.email,
    phone: customerVehicleShape.phone,
    totalAmount: euros('Montant TTC').optional(),
    amountDue: euros('Reste dû'),
  })
  .superRefine((row, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (row.amountDue <= 0) problem('amountDue', 'Reste dû nul ou négatif : la facture est soldée, rien à reprendre');
    if (row.totalAmount !== undefined && row.totalAmount < row.amountDue) {
      problem('amountDue', 'Reste dû plus grand que le montant TTC de la facture');
    }
    if (row.invoiceDate > parisToday()) problem('invoiceDate', 'Date de facture dans le futur');
    if (row.dueDate && row.dueDate < row.invoiceDate) problem('dueDate', 'Échéance avant la date de facture');
  })
  .transform((row) => ({
    ...row,
    dueDate: row.dueDate ?? addDays(row.invoiceDate, OPENING_BALANCE_DEFAULT_TERM_DAYS),
  }));
export type ImportReceivableRow = z.output<typeof importReceivableRowSchema>;
