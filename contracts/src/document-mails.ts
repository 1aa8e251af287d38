import { z } from 'zod';
import { type DeliveryOutcome, deliveryOutcome, NO_SERVER_LABEL } from './delivery';

/*
 * Documents by e-mail: from a quote, an invoice or a credit note, staff send the document's PDF to its
 * buyer through the outbox (the mail dispatcher sends it with SMTP_URL); the document lists each sending and its
 * outcome.
 *
 * - `GET /api/quotation/{id}/mail/draft`: `documentMailDraftSchema`, the prefilled mail (recipient, subject, body
 *   with `DOCUMENT_MAIL_PLACEHOLDERS` replaced) and the garage's own address for « copie au garage ».
 * - `POST /api/quotation/{id}/mail` `documentMailRequestSchema`: 201 `{id}` (the outbox row); 409
 *   `DOCUMENT_MAIL_DRAFT_NOT_ALLOWED` for an invoice or a credit note not issued yet, 400
 *   `DOCUMENT_MAIL_TYPE_NOT_ALLOWED` for a purchase order.
 * - `GET /api/quotation/{id}/mails`: `documentMailsResponseSchema`, newest first.
 *
 * Quotes are sent in any status (a draft's PDF is marked BROUILLON, without a number); an invoice or a credit note
 * only once issued, and its attachment is then its original, byte for byte as issued (docs/decisions.md).
 */

/** The types that are sent by e-mail (a purchase order is not: its supplier is not the folder's customer). */
export const DOCUMENT_MAIL_TYPES = ['quotation', 'invoice', 'credit-note'] as const;
export const DOCUMENT_MAIL_SUBJECT_MAX = 200;
export const DOCUMENT_MAIL_BODY_MAX = 10_000;
/** What the draft's subject and body may hold, replaced when it is written. */
export const DOCUMENT_MAIL_PLACEHOLDERS = {
  '#FOLDER#': 'immatriculation du véhicule',
  '#CLIENT#': 'nom du destinataire du document',
  '#NUMERO#': 'numéro du document',
  '#MONTANT#': 'montant TTC',
  '#ECHEANCE#': 'échéance (facture) ou fin de validité (devis)',
  '#SINISTRE#': 'n° de sinistre (facture à un assureur)',
} as const;

// ---------------------------------------------------------------- messages

export const DOCUMENT_MAIL_TO_REQUIRED = 'L’adresse e-mail du destinataire est obligatoire';
export const DOCUMENT_MAIL_TO_INVALID = 'Adresse e-mail du destinataire invalide';
export const DOCUMENT_MAIL_SUBJECT_REQUIRED = 'L’objet du message est obligatoire';
export const DOCUMENT_MAIL_SUBJECT_TOO_LONG = `L’objet compte ${DOCUMENT_MAIL_SUBJECT_MAX} caractères au plus`;
export const DOCUMENT_MAIL_SUBJECT_ONE_LINE = 'L’objet tient sur une ligne, sans caractère de contrôle';
export const DOCUMENT_MAIL_BODY_REQUIRED = 'Le message est obligatoire';
export const DOCUMENT_MAIL_BODY_TOO_LONG = 'Le message compte 10 000 caractères au plus';
export const DOCUMENT_MAIL_BODY_INVALID = 'Le message contient un caractère non autorisé';
export const DOCUMENT_MAIL_COPY_INVALID = 'Copie au garage : oui ou non';
export const DOCUMENT_MAIL_DRAFT_NOT_ALLOWED = 'Un brouillon ne s’envoie pas : émettez-le d’abord';
export const DOCUMENT_MAIL_TYPE_NOT_ALLOWED = 'Seuls les devis, les factures et les avoirs s’envoient par e-mail';
/** Deleting a draft quote that was e-mailed: its sendings keep it. */
export const DOCUMENT_MAILED_KEPT = 'Ce brouillon a été envoyé par e-mail : il ne se supprime plus';

// ---------------------------------------------------------------- sendings

export const DOCUMENT_MAIL_STATUSES = [
  'pending',
  'sent',
  'retrying',
  'failed',
  'no_server',
] as const satisfies readonly DeliveryOutcome[];
export type DocumentMailStatus = (typeof DOCUMENT_MAIL_STATUSES)[number];
export const DOCUMENT_MAIL_STATUS_LABELS: Record<DocumentMailStatus, string> = {
  pending: 'Mis en file d’envoi',
  sent: 'Envoyé',
  retrying: 'Échec, nouvel essai prévu',
  failed: 'Non envoyé : abandonné après plusieurs essais',
  no_server: NO_SERVER_LABEL,
};
/** A sending's status is its outbox row's delivery outcome. */
export const documentMailStatus: (
  mail: Parameters<typeof deliveryOutcome>[0],
  configured: boolean,
) => DocumentMailStatus = deliveryOutcome;

/**
 * A schema only the API reads, built by a call marked pure: unused, the browser's shared contracts module (in every
 * page's JS) drops it whole.
 */
const pure = <T>(build: () => T): T => build();

// C0 controls and DEL: none in a subject (one header line); a body keeps its tabs and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const SUBJECT_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** `POST /api/quotation/{id}/mail`: plain text, sent as typed (never as HTML). */
export const documentMailRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    to: z
      .string({ message: DOCUMENT_MAIL_TO_REQUIRED })
      .trim()
      .min(1, { message: DOCUMENT_MAIL_TO_REQUIRED })
      .max(254, { message: DOCUMENT_MAIL_TO_INVALID })
      .refine((value) => z.email().safeParse(value).success, { message: DOCUMENT_MAIL_TO_INVALID }),
    /** A copy to the garage's own address (« Ma société »), when it has one. */
    copyToGarage: z.boolean({ message: DOCUMENT_MAIL_COPY_INVALID }).default(false),
    subject: z
      .string({ message: DOCUMENT_MAIL_SUBJECT_REQUIRED })
      .trim()
      .min(1, { message: DOCUMENT_MAIL_SUBJECT_REQUIRED })
      .max(DOCUMENT_MAIL_SUBJECT_MAX, { message: DOCUMENT_MAIL_SUBJECT_TOO_LONG })
      .refine((value) => !SUBJECT_CONTROL.test(value), { message: DOCUMENT_MAIL_SUBJECT_ONE_LINE }),
    body: z
      .string({ message: DOCUMENT_MAIL_BODY_REQUIRED })
      .max(DOCUMENT_MAIL_BODY_MAX, { message: DOCUMENT_MAIL_BODY_TOO_LONG })
      .refine((value) => value.trim().length > 0, { message: DOCUMENT_MAIL_BODY_REQUIRED })
      .refine((value) => !BODY_CONTROL.test(value), { message: DOCUMENT_MAIL_BODY_INVALID }),
  }),
);
export type DocumentMailRequest = z.input<typeof documentMailRequestSchema>;

/** One sending of a document, as the outbox holds it. */
export const documentMailSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: z.number().int(),
    to: z.string(),
    /** The garage's copy, when asked for. */
    cc: z.string().nullable(),
    subject: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** Delivery attempts started. */
    attempts: z.number().int(),
    /** The last refusal (SMTP code and message); null once sent. */
    lastError: z.string().nullable(),
    /** When the outbox tries again after a refusal. */
    nextAttemptAt: z.string().nullable(),
    status: z.enum(DOCUMENT_MAIL_STATUSES),
  }),
);
export type DocumentMail = z.infer<typeof documentMailSchema>;
export const documentMailsResponseSchema = /* @__PURE__ */ pure(() => z.object({ data: z.array(documentMailSchema) }));
export type DocumentMailsResponse = z.infer<typeof documentMailsResponseSchema>;

/** `GET /api/quotation/{id}/mail/draft`: what the sending form starts with. */
export const documentMailDraftSchema = /* @__PURE__ */ pure(() =>
  z.object({
    /** The buyer's address on the document, else the folder customer's (a logged reveal), else ''. */
    to: z.string(),
    subject: z.string(),
    body: z.string(),
    /** The garage's own address (« Ma société »): null, no copy can be asked for. */
    garageEmail: z.string().nullable(),
  }),
);
export type DocumentMailDraft = z.infer<typeof documentMailDraftSchema>;
