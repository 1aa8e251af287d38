import { z } from 'zod';
import { REPAIR_KINDS } from './folders';

/*
 * The fitter's phone flow (docs/product.md "Fitter task step codes"): today's tasks and the seven steps of a
 * folder, done in order, each once. Steps are queued on the phone (offline) and sent with an idempotency key, so a
 * resent step is recognised instead of recorded twice (docs/decisions.md "Fitter steps").
 */

export const FITTER_STEPS = [1, 2, 3, 4, 5, 6, 7] as const;
export type FitterStep = (typeof FITTER_STEPS)[number];

export const FITTER_STEP_LABELS: Record<FitterStep, string> = {
  1: 'Je pars chez le client',
  2: 'Photos avant travaux',
  3: 'Début du remplacement',
  4: 'Photo pendant les travaux',
  5: 'Fin du remplacement',
  6: 'Photos après travaux',
  7: 'Commentaire',
};

/** A folder typed « Réparation » (an impact filled, the glass kept): its steps 3 and 5 say so. */
const REPAIR_STEP_LABELS: Partial<Record<FitterStep, string>> = {
  3: 'Début de la réparation',
  5: 'Fin de la réparation',
};

/** A step's label for the folder's repair kind (a replacement, or no kind given, keeps the usual labels). */
export const fitterStepLabel = (step: FitterStep, repairKind?: string | null): string =>
  (repairKind === 'repair' ? REPAIR_STEP_LABELS[step] : undefined) ?? FITTER_STEP_LABELS[step];

/** Steps that carry photos (one at least, `FITTER_PHOTOS_MAX` at most), and the folder document type they are filed under. */
export const FITTER_PHOTO_STEPS: Partial<Record<FitterStep, string>> = {
  2: 'Photo avant travaux',
  4: 'Photo pendant travaux',
  6: 'Photo après travaux',
};
/** Photos one step may carry: the windscreen from several sides, without a phone sending a whole album. */
export const FITTER_PHOTOS_MAX = 6;
export const FITTER_COMMENT_STEP: FitterStep = 7;
export const FITTER_COMMENT_MAX = 2000;

export const needsPhoto = (step: FitterStep): boolean => FITTER_PHOTO_STEPS[step] !== undefined;
export const needsComment = (step: FitterStep): boolean => step === FITTER_COMMENT_STEP;

/** The status (by code, labels are the garage's) a step moves the folder to; only forward, never a closed one. */
export const FITTER_STEP_STATUS: Partial<Record<FitterStep, 'outstanding' | 'wait_validation'>> = {
  3: 'outstanding',
  5: 'wait_validation',
};
/**
 * How far along a status code is: an automatic move (an appointment booked, a fitter's step) never takes a folder
 * back (a status without code counts as open).
 */
export const FITTER_STATUS_RANK: Record<string, number> = {
  open: 0,
  appointment: 1,
  outstanding: 2,
  wait_validation: 3,
  close: 4,
};
/** The status (by code) booking an appointment moves an open folder to: « Rendez-vous pris » unless renamed. */
export const APPOINTMENT_STATUS_CODE = 'appointment';

/** A phone's clock may be a little ahead of the server's: beyond this, a step "in the future" is refused. */
export const FITTER_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The photo types a step accepts, recognised by content (the file-kind check of folder documents). */
export const FITTER_PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

export const FITTER_PREVIOUS_STEP_FIRST = (previous: FitterStep): string =>
  `Étape précédente à faire d’abord : ${FITTER_STEP_LABELS[previous]}`;
export const FITTER_STEP_ALREADY_DONE = 'Cette étape est déjà enregistrée pour ce dossier';
export const FITTER_PHOTO_REQUIRED = 'Une photo est obligatoire pour cette étape';
export const FITTER_PHOTOS_TOO_MANY = `${FITTER_PHOTOS_MAX} photos au plus par étape`;
export const FITTER_PHOTO_REFUSED = 'Photo non reconnue : une photo JPEG, PNG, WebP ou HEIC est attendue.';
export const FITTER_COMMENT_REQUIRED = 'Le commentaire est obligatoire';
export const FITTER_DONE_AT_FUTURE = 'L’heure de l’étape est dans le futur : vérifiez l’heure du téléphone.';
export const FITTER_DONE_AT_INVALID = 'Heure de l’étape invalide';
export const FITTER_KEY_INVALID = 'Clé d’envoi invalide';
export const FITTER_KEY_REUSED = 'Cette clé d’envoi a déjà servi pour une autre étape';
export const FITTER_STEP_INVALID = 'Étape inconnue : de 1 à 7';
export const FITTER_DATE_INVALID = 'Date invalide (AAAA-MM-JJ)';
export const FITTER_PENDING = (count: number): string =>
  count > 1 ? `${count} étapes en attente d’envoi` : `${count} étape en attente d’envoi`;
export const FITTER_OFFLINE = 'Hors connexion : vos étapes partent dès le retour du réseau';
export const FITTER_ALL_SENT = 'Toutes vos étapes sont envoyées';

const stepSchema = z.coerce
  .number({ message: FITTER_STEP_INVALID })
  .int({ message: FITTER_STEP_INVALID })
  .min(1, { message: FITTER_STEP_INVALID })
  .max(7, { message: FITTER_STEP_INVALID })
  .transform((step) => step as FitterStep);

/** `GET /api/fitter/tasks/today?date=`: a day of the garage's calendar, today when left out. */
export const fitterTasksQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: FITTER_DATE_INVALID })
    // A real day: 2026-02-31 does not come back the same from the calendar.
    .refine(
      (value) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
      },
      { message: FITTER_DATE_INVALID },
    )
    .optional(),
});

export const fitterStepDoneSchema = z.object({ step: z.number().int(), doneAt: z.string() });
export type FitterStepDone = z.infer<typeof fitterStepDoneSchema>;

/** One folder of the fitter's day. No phone or e-mail; the street address comes through the logged contact call. */
export const fitterTaskSchema = z.object({
  folderId: z.number().int(),
  number: z.string(),
  companyId: z.number().int(),
  /** AB-123-CD. */
  plate: z.string(),
  vehicle: z.string(),
  customer: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** An address exists (revealed by the logged contact call). */
  hasAddress: z.boolean(),
  /** A phone number exists (revealed, to call the customer, by the logged contact call). */
  hasPhone: z.boolean(),
  appointmentAt: z.string().nullable(),
  appointmentMinutes: z.number().int(),
  appointmentComment: z.string().nullable(),
  technician: z.string().nullable(),
  /** « Réparation » or « Remplacement » (null: not said): names steps 3 and 5. */
  repairKind: z.enum(REPAIR_KINDS).nullable(),
  status: z.object({ code: z.string(), label: z.string(), color: z.string() }),
  closed: z.boolean(),
  /** Steps done, in step order. */
  steps: z.array(fitterStepDoneSchema),
  /** When the customer last signed the delivery report (null: not yet). */
  deliverySignedAt: z.string().nullable(),
});
export type FitterTask = z.infer<typeof fitterTaskSchema>;

export const fitterTasksResponseSchema = z.object({
  /** The day shown (YYYY-MM-DD, garage time). */
  date: z.string(),
  /** By appointment time. */
  tasks: z.array(fitterTaskSchema),
});
export type FitterTasksResponse = z.infer<typeof fitterTasksResponseSchema>;

export const fitterFolderParamsSchema = z.object({
  folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
});

/** The text fields of `POST /api/fitter/folders/{folderId}/steps` (multipart; the photo travels as `file`). */
export const fitterStepFieldsSchema = z.object({
  step: stepSchema,
  doneAt: z.iso.datetime({ offset: true, message: FITTER_DONE_AT_INVALID }),
  idempotencyKey: z.uuid({ message: FITTER_KEY_INVALID }),
  comment: z
    .string()
    .trim()
    .max(FITTER_COMMENT_MAX, { message: `${FITTER_COMMENT_MAX} caractères au plus` })
    .optional(),
});
export type FitterStepFields = z.input<typeof fitterStepFieldsSchema>;

/** 201 for a new step, 200 (`replayed`) when the key was already recorded: nothing new was written. */
export const fitterStepResultSchema = z.object({
  folderId: z.number().int(),
  step: z.number().int(),
  doneAt: z.string(),
  recordedAt: z.string(),
  /** The step's photos, as folder documents, in the order they were sent (empty for a step without photo). */
  documentIds: z.array(z.number().int()),
  comment: z.string().nullable(),
  replayed: z.boolean(),
  /** The folder's status after the step. */
  status: z.object({ code: z.string(), label: z.string() }),
});
export type FitterStepResult = z.infer<typeof fitterStepResultSchema>;
