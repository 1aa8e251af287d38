import { z } from 'zod';
import { parseEuros } from './money';

/* Documents attached to a folder (the folder page's upload modal) and the folder's sending to its insurer. */

export const INVOICE_DOCUMENT_TYPE = 'Facture';
export const FOLDER_DOCUMENT_TYPES = [
  INVOICE_DOCUMENT_TYPE,
  'Devis',
  'Photo avant travaux',
  'Photo après travaux',
  'Carte grise',
  'Constat',
  'Cession de créance',
  'Ordre de réparation',
  'Procès-verbal de livraison',
  'Autre',
] as const;

/** What the server accepts, recognised by the file's first bytes (never by its name or the browser's word). */
export const ACCEPTED_FILE_KINDS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/vnd.openxmlformats-officedocument': 'docx',
  'application/x-ole-storage': 'doc',
} as const;
export const FILE_TYPE_REFUSED_MESSAGE =
  'Type de fichier non accepté : PDF, photo (JPEG, PNG, WebP, HEIC) ou document Word / Excel.';
export const FILE_REQUIRED_MESSAGE = 'Le fichier est obligatoire';
export const INVOICE_NUMBER_REQUIRED = 'Le numéro de facture est obligatoire';
export const INVOICE_AMOUNT_REQUIRED = 'Le montant de la facture est obligatoire';
export const INVOICE_AMOUNT_INVALID = 'Montant invalide : un nombre positif avec 2 décimales au plus';
export const DOCUMENT_SAVED = 'Document ajouté au dossier';

/** The text fields of the upload (multipart form data); the file travels beside them as `files`. */
export const documentFieldsSchema = z
  .object({
    nameFileDoc: z.string().trim().max(120, { message: '120 caractères au plus' }).default(''),
    typeFile: z.enum(FOLDER_DOCUMENT_TYPES, { message: 'Choisissez le type de document' }),
    numberInvoice: z.string().trim().max(40, { message: '40 caractères au plus' }).default(''),
    priceInvoice: z.string().trim().max(20).default(''),
  })
  .superRefine((fields, ctx) => {
    if (fields.typeFile !== INVOICE_DOCUMENT_TYPE) return;
    if (!fields.numberInvoice)
      ctx.addIssue({ code: 'custom', path: ['numberInvoice'], message: INVOICE_NUMBER_REQUIRED });
    if (!fields.priceInvoice) {
      ctx.addIssue({ code: 'custom', path: ['priceInvoice'], message: INVOICE_AMOUNT_REQUIRED });
    } else {
      const cents = parseEuros(fields.priceInvoice);
      if (cents === undefined || cents < 0) {
        ctx.addIssue({ code: 'custom', path: ['priceInvoice'], message: INVOICE_AMOUNT_INVALID });
      }
    }
  });

export const folderDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typeFile: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  numberInvoice: z.string().nullable(),
  /** Integer cents. */
  priceInvoice: z.number().int().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type FolderDocument = z.infer<typeof folderDocumentSchema>;
export const folderDocumentListSchema = z.array(folderDocumentSchema);
export const documentParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
  documentId: z.coerce.number({ message: 'Identifiant de document invalide' }).int().min(1),
});
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document introuvable';

// ---------------------------------------------------------------- sending the folder to its insurer

export const SEND_NEEDS_INSURER = 'Renseignez l’assureur du dossier avant de l’envoyer';
export const FOLDER_SENT_MESSAGE = 'Dossier envoyé à l’assureur';
export const folderSentSchema = z.object({ sentAt: z.string() });
