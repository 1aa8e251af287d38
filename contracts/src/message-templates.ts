import { z } from 'zod';
import { htmlToText } from './notifications';
import { pagedResponseSchema } from './paging';
import { SMS_PURPOSE_LABELS, TEMPLATE_SMS_PURPOSES, type TemplateSmsPurpose } from './sms';

/*
 * Message templates: the garage's texts for mails, insurers, SMS and WhatsApp (« Modèles mail », « Modèles SMS »),
 * and the automatic uses a template can be marked for. Apart from the notifications, which every page loads.
 */

export const MESSAGE_TYPES = ['assurance', 'mail', 'mercure', 'sms', 'whatsapp'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  assurance: 'Assurance',
  mail: 'Mail',
  mercure: 'Mercure',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
/** The two lists: SMS-like templates (short text) and mail-like ones (with a subject). */
export const TEMPLATE_KINDS = ['mail', 'sms'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const typesOfKind = (kind: TemplateKind): MessageType[] =>
  kind === 'sms' ? ['sms', 'whatsapp'] : ['assurance', 'mail', 'mercure'];
export const kindOfType = (type: MessageType): TemplateKind => (type === 'sms' || type === 'whatsapp' ? 'sms' : 'mail');

export const SUBJECT_REQUIRED_MESSAGE = 'Le sujet est obligatoire';
export const CONTENT_REQUIRED_MESSAGE = 'Le contenu est obligatoire';
export const TYPE_REQUIRED_MESSAGE = 'Le type est obligatoire';
export const TEMPLATE_SHARE_REFUSED = 'Seul le franchiseur publie un modèle aux centres de sa franchise';
export const TEMPLATE_READ_ONLY =
  'Ce modèle est publié par votre franchiseur : vous pouvez l’utiliser, pas le modifier';

/**
 * A template's automatic use: the SMS of appointments and « véhicule prêt » (SMS templates), the reminder of insurers
 * whose invoices are past due (« Assurance » templates, e-mailed with the invoice). One template per use and garage;
 * without one, that message does not leave.
 */
export const TEMPLATE_PURPOSES = [...TEMPLATE_SMS_PURPOSES, 'insurer_reminder'] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];
export const TEMPLATE_PURPOSE_LABELS: Record<TemplatePurpose, string> = {
  ...SMS_PURPOSE_LABELS,
  insurer_reminder: 'Relance automatique des assureurs',
};
/** The type of template each automatic use takes. */
export const purposeTemplateType = (purpose: TemplatePurpose): MessageType =>
  purpose === 'insurer_reminder' ? 'assurance' : 'sms';
/** An SMS template's automatic use (the database keeps other uses to other types of template). */
export const smsPurposeOf = (purpose: TemplatePurpose | null): TemplateSmsPurpose | null =>
  purpose === null || purpose === 'insurer_reminder' ? null : purpose;
export const TEMPLATE_PURPOSE_WRONG_TYPE =
  'Cet envoi automatique ne va pas avec ce type de modèle : SMS pour les rendez-vous et le véhicule prêt, Assurance pour la relance des assureurs';
export const messageTemplateBodySchema = z
  .object({
    type: z.enum(MESSAGE_TYPES, { message: TYPE_REQUIRED_MESSAGE }),
    subject: z
      .string({ message: SUBJECT_REQUIRED_MESSAGE })
      .trim()
      .min(1, { message: SUBJECT_REQUIRED_MESSAGE })
      .max(200, { message: 'Le sujet ne doit pas dépasser 200 caractères' }),
    content: z
      .string({ message: CONTENT_REQUIRED_MESSAGE })
      .max(20_000, { message: 'Le contenu est trop long' })
      .refine((value) => htmlToText(value).trim().length > 0, { message: CONTENT_REQUIRED_MESSAGE }),
    /** Franchisor only: published to every centre of its franchise. */
    shared: z.boolean().default(false),
    /**
     * The garage's automatic message it is (`TEMPLATE_PURPOSES`, each for one type of template). One template per use
     * and garage: choosing it here takes it from the garage's other template.
     */
    purpose: z.enum(TEMPLATE_PURPOSES).nullable().default(null),
  })
  .refine((body) => body.purpose === null || body.type === purposeTemplateType(body.purpose), {
    message: TEMPLATE_PURPOSE_WRONG_TYPE,
    path: ['purpose'],
  });
export type MessageTemplateBody = z.infer<typeof messageTemplateBodySchema>;

export const messageTemplateSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  subject: z.string(),
  content: z.string(),
  shared: z.boolean(),
  purpose: z.enum(TEMPLATE_PURPOSES).nullable(),
  /** False for a template the franchisor publishes: the centre uses it, only its author edits it. */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateListResponseSchema = pagedResponseSchema(messageTemplateSchema);

/** GET /folder/:folderId/message_template/:templateId: #FOLDER# already replaced. */
export const folderMessageTemplateResponseSchema = z.object({
  type: z.enum(MESSAGE_TYPES),
  content: z.string(),
  subject: z.string(),
});
export type FolderMessageTemplate = z.infer<typeof folderMessageTemplateResponseSchema>;
