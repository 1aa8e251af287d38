import { z } from 'zod';
import { isBlankHtml } from './folders';

/*
 * The closing form of a folder (docs/product.md). Its rules are written once here: the modal reads them
 * to show, require and disable its fields, and the server refuses a body that breaks them. The meaning of the
 * spec's field names and of their option values is chosen in docs/decisions.md ("Closing form").
 */

/** The statuses the closing form can leave a folder in: closed, or kept open with the reason why. */
export const CLOSING_STATUSES = ['close', 'open', 'outstanding', 'wait_validation'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];
export const CLOSING_STATUS_LABELS: Record<ClosingStatus, string> = {
  close: 'Clôturer le dossier',
  open: 'Laisser ouvert (non envoyé)',
  outstanding: 'En cours (envoi bloqué)',
  wait_validation: 'En attente de validation',
};

type Choice = { value: number; label: string };

/** Option lists of the selects; the spec's rules name values 1, 2 and 3. */
export const CLOSING_CHOICES = {
  assured: [
    { value: 1, label: 'Oui, sinistre pris en charge par l’assurance' },
    { value: 2, label: 'Non, à la charge du client' },
  ],
  docmqt: [
    { value: 1, label: 'Non, dossier complet' },
    { value: 2, label: 'Oui, des documents manquent' },
  ],
  franchise: [
    { value: 1, label: 'Réglée par le client' },
    { value: 2, label: 'Non réglée' },
    { value: 3, label: 'Sans franchise' },
  ],
  ctvalid: [
    { value: 1, label: 'Oui' },
    { value: 2, label: 'Non' },
  ],
  primeInvalid: [
    { value: 1, label: 'Non, prime conforme' },
    { value: 2, label: 'Oui, prime à corriger' },
  ],
  isNbKm: [
    { value: 1, label: 'Oui, kilométrage relevé' },
    { value: 2, label: 'Non' },
  ],
  travaux: [
    { value: 1, label: 'Remplacement réalisé' },
    { value: 2, label: 'Réparation réalisée' },
    { value: 3, label: 'Travaux facturés au client (hors assurance)' },
  ],
  dispatch: [
    { value: 1, label: 'Envoi possible' },
    { value: 2, label: 'Envoi bloqué' },
  ],
} as const satisfies Record<string, readonly Choice[]>;

/** The seven fields "close" makes mandatory (docs/product.md), with their labels. */
export const CLOSING_FIELDS = {
  assured: 'Assuré (prise en charge)',
  docmqt: 'Documents manquants',
  franchise: 'Franchise',
  ctvalid: 'Contrôle technique valide',
  primeInvalid: 'Prime invalide',
  isNbKm: 'Kilométrage relevé',
  travaux: 'Travaux',
} as const;
export type ClosingField = keyof typeof CLOSING_FIELDS;

export const TASK_STATUSES = ['open', 'outstanding', 'wait_validation'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  open: 'À faire',
  outstanding: 'En cours',
  wait_validation: 'En attente de validation',
};

/** Value 2 of the dispatch selector: the task can only wait for validation (docs/product.md). */
export const DISPATCH_BLOCKED = 2;
/** Value 1 of the assurance selector: insured; any other value leaves only works option 3. */
export const ASSURED_YES = 1;
export const WORKS_NOT_INSURED = 3;

/** Which blocks the form shows for a status (docs/product.md). */
export const closingBlocks = (status: ClosingStatus | undefined) => ({
  closeFields: status === 'close',
  noDispatch: status === 'open',
  noDispatchState: status === 'outstanding' || status === 'wait_validation',
});

/** Task statuses selectable for a dispatch value: only "wait validation" when blocked, all others otherwise. */
export const allowedTaskStatuses = (dispatch: number | undefined): TaskStatus[] =>
  dispatch === DISPATCH_BLOCKED ? ['wait_validation'] : TASK_STATUSES.filter((status) => status !== 'wait_validation');

/** Works options selectable for an assurance value: all when insured, only option 3 otherwise. */
export const allowedWorks = (assured: number | undefined): number[] =>
  assured === undefined || assured === ASSURED_YES
    ? CLOSING_CHOICES.travaux.map((choice) => choice.value)
    : [WORKS_NOT_INSURED];

export const CLOSING_REQUIRED = (label: string) => `Le champ « ${label} » est obligatoire`;
export const TASK_STATUS_BLOCKED_MESSAGE = 'Envoi bloqué : la tâche ne peut être qu’en attente de validation';
export const TASK_STATUS_FREE_MESSAGE = 'Sans blocage, la tâche ne peut pas être en attente de validation';
export const WORKS_NOT_INSURED_MESSAGE = 'Sans prise en charge de l’assurance, les travaux sont facturés au client';
export const CLOSING_DONE_MESSAGE: Record<ClosingStatus, string> = {
  close: 'Dossier clôturé',
  open: 'Dossier laissé ouvert',
  outstanding: 'Dossier en cours, envoi bloqué noté',
  wait_validation: 'Dossier en attente de validation',
};

const choice = (field: keyof typeof CLOSING_CHOICES) =>
  z
    .number()
    .int()
    .refine((value) => CLOSING_CHOICES[field].some((option) => option.value === value), {
      message: 'Choix invalide',
    })
    .optional();

const baseClosingSchema = z.object({
  status: z.enum(CLOSING_STATUSES, { message: 'Choisissez le statut du dossier' }),
  assured: choice('assured'),
  docmqt: choice('docmqt'),
  franchise: choice('franchise'),
  ctvalid: choice('ctvalid'),
  primeInvalid: choice('primeInvalid'),
  isNbKm: choice('isNbKm'),
  travaux: choice('travaux'),
  dispatch: choice('dispatch'),
  taskStatus: z.enum(TASK_STATUSES).optional(),
  noDispatchReason: z.string().trim().max(500, { message: '500 caractères au plus' }).optional(),
  /** Rich-text comment of the modal, written to the history. */
  comment: z.string().max(20_000, { message: 'Le texte ne doit pas dépasser 20 000 caractères' }).optional(),
});
export type ClosingValues = z.input<typeof baseClosingSchema>;

/** Every broken rule of a closing form, as field -> French message; the form and the server both use it. */
export function closingIssues(values: ClosingValues): { path: keyof ClosingValues; message: string }[] {
  const issues: { path: keyof ClosingValues; message: string }[] = [];
  const blocks = closingBlocks(values.status);
  if (blocks.closeFields) {
    for (const [field, label] of Object.entries(CLOSING_FIELDS) as [ClosingField, string][]) {
      if (values[field] === undefined) issues.push({ path: field, message: CLOSING_REQUIRED(label) });
    }
    if (values.travaux !== undefined && !allowedWorks(values.assured).includes(values.travaux)) {
      issues.push({ path: 'travaux', message: WORKS_NOT_INSURED_MESSAGE });
    }
  }
  if (blocks.noDispatchState) {
    if (values.dispatch === undefined) issues.push({ path: 'dispatch', message: CLOSING_REQUIRED('Envoi') });
    if (values.taskStatus === undefined) {
      issues.push({ path: 'taskStatus', message: CLOSING_REQUIRED('Statut de la tâche') });
    } else if (!allowedTaskStatuses(values.dispatch).includes(values.taskStatus)) {
      issues.push({
        path: 'taskStatus',
        message: values.dispatch === DISPATCH_BLOCKED ? TASK_STATUS_BLOCKED_MESSAGE : TASK_STATUS_FREE_MESSAGE,
      });
    }
  }
  return issues;
}

/** `POST /api/folder/{id}/close`: the closing form; fields of hidden blocks are dropped, not stored. */
export const closingBodySchema = baseClosingSchema
  .superRefine((values, ctx) => {
    for (const issue of closingIssues(values))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  })
  .transform((values) => {
    const blocks = closingBlocks(values.status);
    const kept: ClosingValues = { status: values.status };
    if (blocks.closeFields) {
      for (const field of Object.keys(CLOSING_FIELDS) as ClosingField[]) kept[field] = values[field];
    }
    if (blocks.noDispatch && values.noDispatchReason) kept.noDispatchReason = values.noDispatchReason;
    if (blocks.noDispatchState) {
      kept.dispatch = values.dispatch;
      kept.taskStatus = values.taskStatus;
    }
    if (values.comment && !isBlankHtml(values.comment)) kept.comment = values.comment;
    return kept;
  });
export type ClosingBody = z.input<typeof closingBodySchema>;

/** What the closing form recorded, in words, for the folder's history. */
export function describeClosing(values: ClosingValues): string[] {
  const lines: string[] = [];
  for (const [field, label] of Object.entries(CLOSING_FIELDS) as [ClosingField, string][]) {
    const option = CLOSING_CHOICES[field].find((item) => item.value === values[field]);
    if (option) lines.push(`${label} : ${option.label}`);
  }
  if (values.noDispatchReason) lines.push(`Motif de non-envoi : ${values.noDispatchReason}`);
  const dispatch = CLOSING_CHOICES.dispatch.find((item) => item.value === values.dispatch);
  if (dispatch) lines.push(`Envoi : ${dispatch.label}`);
  if (values.taskStatus) lines.push(`Statut de la tâche : ${TASK_STATUS_LABELS[values.taskStatus]}`);
  return lines;
}

export const REOPEN_REASON_MESSAGE = 'Indiquez pourquoi le dossier est rouvert';
export const REOPEN_NOT_CLOSED_MESSAGE = 'Ce dossier n’est pas clôturé';
export const FOLDER_CLOSED_MESSAGE = 'Ce dossier est clôturé : rouvrez-le pour changer son statut';
export const ALREADY_CLOSED_MESSAGE = 'Ce dossier est déjà clôturé : rouvrez-le d’abord';
/** `POST /api/folder/{id}/reopen`: why the folder is reopened (rich text, mandatory). */
export const reopenBodySchema = z.object({
  comment: z
    .string()
    .max(20_000, { message: 'Le texte ne doit pas dépasser 20 000 caractères' })
    .refine((html) => !isBlankHtml(html), { message: REOPEN_REASON_MESSAGE }),
});
export type ReopenBody = z.input<typeof reopenBodySchema>;
