import { z } from 'zod';
import { dayBefore, FRANCE_TIME_ZONE, formatParisDate, parisDay, parisWallTime } from './clock';
import { NO_SERVER_LABEL } from './delivery';

/**
 * A French mobile number in international form (+33 6 or +33 7, then eight digits), from what staff typed in the
 * folder: "06 11 22 33 44", "06.11.22.33.44", "+33 6 11 22 33 44", "0033611223344". Anything else (a landline, a
 * short number, a foreign mobile) cannot receive the garage's SMS: null.
 */
export function frenchMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s.\-()]/g, '');
  const national = digits.match(/^(?:\+33|0033|0)([67]\d{8})$/);
  return national ? `+33${national[1]}` : null;
}

/** The number as a list may show it without revealing it (the contact details are read through a logged call). */
export const maskedMobile = (e164: string): string => `0${e164.slice(3, 4)} •• •• •• ${e164.slice(-2)}`;

/**
 * What an SMS is for. The first three are the garage's automatic messages: a template of that purpose makes them
 * leave (no template, no SMS); `manual` is written from the folder, `notification` by the notification settings.
 */
export const SMS_PURPOSES = [
  'appointment_confirmation',
  'appointment_reminder',
  'vehicle_ready',
  'manual',
  'notification',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export const TEMPLATE_SMS_PURPOSES = ['appointment_confirmation', 'appointment_reminder', 'vehicle_ready'] as const;
export type TemplateSmsPurpose = (typeof TEMPLATE_SMS_PURPOSES)[number];
export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  appointment_confirmation: 'Confirmation de rendez-vous',
  appointment_reminder: 'Rappel la veille du rendez-vous',
  vehicle_ready: 'Véhicule prêt',
  manual: 'SMS écrit depuis le dossier',
  notification: 'Notification',
};

/** The reminder leaves the day before the appointment at this Paris hour (docs/decisions.md "SMS"). */
export const SMS_REMINDER_HOUR = 10;

/** When the reminder of an appointment leaves: the day before at 10:00, Paris time. */
export const appointmentReminderAt = (appointmentAt: Date): Date =>
  parisWallTime(dayBefore(parisDay(appointmentAt)), SMS_REMINDER_HOUR);

const PARIS_HOUR = new Intl.DateTimeFormat('fr-FR', {
  timeZone: FRANCE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

/** The placeholders an SMS template may hold, and what each becomes. */
export const SMS_PLACEHOLDERS = {
  '#FOLDER#': 'le nom du dossier (sa plaque)',
  '#CLIENT#': 'le client (civilité et nom)',
  '#PLAQUE#': 'la plaque, AB-123-CD',
  '#DATE#': 'la date du rendez-vous, 24/11/2026',
  '#HEURE#': 'l’heure du rendez-vous, 14h30',
  '#GARAGE#': 'le nom du garage',
} as const;

export interface SmsPlaceholderValues {
  folderName: string;
  customer: string;
  plate: string;
  appointmentAt: Date | null;
  garage: string;
}

/** The template's text with its placeholders filled (an absent appointment leaves #DATE# and #HEURE# empty). */
export function fillSmsPlaceholders(text: string, values: SmsPlaceholderValues): string {
  const at = values.appointmentAt;
  const replacements: Record<keyof typeof SMS_PLACEHOLDERS, string> = {
    '#FOLDER#': values.folderName,
    '#CLIENT#': values.customer,
    '#PLAQUE#': values.plate,
    '#DATE#': at ? formatParisDate(at) : '',
    '#HEURE#': at ? PARIS_HOUR.format(at).replace(':', 'h') : '',
    '#GARAGE#': values.garage,
  };
  return Object.entries(replacements).reduce((result, [key, value]) => result.split(key).join(value), text);
}

export const SMS_STATUSES = [
  'scheduled',
  'pending',
  'sent',
  'retrying',
  'failed',
  'no_server',
  'opted_out',
  'invalid_number',
  'cancelled',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  scheduled: 'Programmé',
  pending: 'Mis en file d’envoi',
  sent: 'Envoyé',
  retrying: 'Échec, nouvel essai prévu',
  failed: 'Non envoyé : abandonné après plusieurs essais',
  no_server: NO_SERVER_LABEL,
  opted_out: 'Non envoyé : le client a répondu STOP',
  invalid_number: 'Non envoyé : ce numéro n’est pas un mobile français',
  cancelled: 'Annulé (rendez-vous changé)',
};

export const folderSmsSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(SMS_PURPOSES),
  /** 06 •• •• •• 44 */
  to: z.string(),
  text: z.string(),
  segments: z.number().int(),
  status: z.enum(SMS_STATUSES),
  /** When it leaves (a scheduled reminder) or left. */
  dueAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The provider's last refusal, for a failed SMS. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type FolderSms = z.infer<typeof folderSmsSchema>;
/** A template the folder page offers, its text already filled for this folder. */
export const folderSmsTemplateSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  purpose: z.enum(TEMPLATE_SMS_PURPOSES).nullable(),
  text: z.string(),
});
export type FolderSmsTemplate = z.infer<typeof folderSmsTemplateSchema>;

/** The folder's SMS card: its SMS, whether it can receive more, and the templates to write one from. */
export const folderSmsListSchema = z.object({
  items: z.array(folderSmsSchema),
  /** The customer's number is a French mobile (the number itself is never sent here). */
  mobile: z.boolean(),
  /** That number replied STOP. */
  optedOut: z.boolean(),
  templates: z.array(folderSmsTemplateSchema),
});
export type FolderSmsList = z.infer<typeof folderSmsListSchema>;

export const SMS_NO_MOBILE_MESSAGE = 'Le dossier n’a pas de numéro de mobile français (06 ou 07) : aucun SMS possible';
export const SMS_OPTED_OUT_MESSAGE = 'Ce client a répondu STOP : il ne reçoit plus de SMS';

/** A reply to the garage's SMS, relayed by the provider: « STOP » (any case, alone or first) opts the number out. */
export const smsInboundBodySchema = z.object({
  from: z.string().min(1).max(32),
  text: z.string().max(2000),
});
export const isStopReply = (text: string): boolean => /^\s*stop\b/i.test(text);
