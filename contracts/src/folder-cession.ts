import { z } from 'zod';

/*
 * The assignment of claim (cession de créance): the insured customer lets the garage be paid by the insurer
 * directly. The garage prints it (`/cession/{folderId}/{action}`) or has it signed on screen (`/api/sign/{id}`);
 * the signed copy becomes a document of the folder.
 */

export const CESSION_ACTIONS = ['view', 'download'] as const;
export type CessionAction = (typeof CESSION_ACTIONS)[number];
export const CESSION_DOCUMENT_TYPE = 'Cession de créance';
export const CESSION_NEEDS_INSURER = 'Renseignez l’assureur et le n° de sinistre avant la cession de créance';
export const SIGNATURE_INVALID = 'La signature doit être une image PNG de 300 Ko au plus';
export const SIGNED_MESSAGE = 'Cession de créance signée et ajoutée aux documents';
/** A drawn signature on a phone or tablet canvas stays far below this. */
export const SIGNATURE_MAX_BYTES = 300_000;
const PNG_DATA_URL = 'data:image/png;base64,';

export const cessionParamsSchema = z.object({
  folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
  action: z.enum(CESSION_ACTIONS, { message: 'Action inconnue : view ou download' }),
});

/** `POST /api/sign/{id}`: who signs, that they accepted, and what they drew (optional: the name alone signs). */
export const signBodySchema = z.object({
  signerName: z
    .string()
    .trim()
    .min(2, { message: 'Le nom du signataire est obligatoire' })
    .max(120, { message: '120 caractères au plus' }),
  accepted: z.literal(true, { message: 'Le client doit accepter la cession de créance' }),
  signature: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + PNG_DATA_URL.length, { message: SIGNATURE_INVALID })
    .refine((value) => value.startsWith(PNG_DATA_URL), { message: SIGNATURE_INVALID })
    .optional(),
});
export type SignBody = z.input<typeof signBodySchema>;

/** The PNG bytes of a signature data URL (the server still checks they are a PNG). */
export const signatureBytes = (dataUrl: string): Uint8Array =>
  Uint8Array.from(atob(dataUrl.slice(PNG_DATA_URL.length)), (char) => char.charCodeAt(0));

/*
 * The work order (« ordre de réparation »): what the customer asks the garage to do, signed before the work
 * (Code de la consommation, art. L111-1: the service and its price are known before the customer commits).
 */
export const WORK_ORDER_DOCUMENT_TYPE = 'Ordre de réparation';
export const WORK_ORDER_SIGNED_MESSAGE = 'Ordre de réparation signé et ajouté aux documents';
/** The work order's signature: the same body as the assignment's, its acceptance in its own words. */
export const workOrderSignBodySchema = signBodySchema.extend({
  accepted: z.literal(true, { message: 'Le client doit accepter l’ordre de réparation' }),
});

/*
 * The delivery report (« procès-verbal de livraison »): the customer takes the vehicle back, the works
 * done and the photos after work on record, with any reservation in their own words, signed at the counter or on the
 * fitter's phone. A reservation keeps the customer's rights over a defect seen at delivery.
 */
export const DELIVERY_REPORT_DOCUMENT_TYPE = 'Procès-verbal de livraison';
export const DELIVERY_REPORT_SIGNED_MESSAGE = 'Procès-verbal de livraison signé et ajouté aux documents';
export const DELIVERY_RESERVES_MAX = 1000;
export const deliverySignBodySchema = signBodySchema.extend({
  accepted: z.literal(true, { message: 'Le client doit confirmer la reprise de son véhicule' }),
  /** What the customer reserves (a scratch, a noise), printed on the report; empty: « sans réserve ». */
  reserves: z
    .string()
    .trim()
    .max(DELIVERY_RESERVES_MAX, { message: `${DELIVERY_RESERVES_MAX} caractères au plus` })
    .optional(),
  /**
   * Signed on the fitter's phone offline: the key the phone made (a resend after a lost answer gives back the same
   * document) and when the customer signed (the phone's clock; the PDF says so).
   */
  idempotencyKey: z.uuid({ message: 'Clé d’envoi invalide' }).optional(),
  signedAt: z.iso.datetime({ offset: true, message: 'Heure de signature invalide' }).optional(),
});
export type DeliverySignBody = z.infer<typeof deliverySignBodySchema>;
export const SIGNED_AT_FUTURE = 'L’heure de la signature est dans le futur : vérifiez l’heure du téléphone.';
export const SIGNED_AT_TOO_OLD = 'Signature trop ancienne (plus de 30 jours) : faites signer à nouveau.';
/** How far back a signature made offline may be dated. */
export const SIGNED_AT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
