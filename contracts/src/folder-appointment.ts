import { z } from 'zod';

/*
 * The appointment form of the folder page (spec sections 3 and 5): form data named `appointment[appointment]`
 * and `appointment[comment]`, with `folderId` and `scheduled`. The calendar uses the same rule.
 */

export const APPOINTMENT_DATE_FIELD = 'appointment[appointment]';
export const APPOINTMENT_COMMENT_FIELD = 'appointment[comment]';
export const APPOINTMENT_PAST_MESSAGE = 'Le rendez-vous ne peut pas être fixé dans le passé';
export const APPOINTMENT_DATE_MESSAGE = 'Date de rendez-vous invalide';
export const APPOINTMENT_SAVED = 'Rendez-vous enregistré';
export const APPOINTMENT_CANCELLED = 'Rendez-vous annulé';
/** An appointment may be recorded a little after it started (the customer is at the counter). */
export const APPOINTMENT_GRACE_MS = 60 * 60 * 1000;

/** Undefined when `iso` is a valid appointment date at `now`, else the French reason. */
export function appointmentDateIssue(iso: string, now = Date.now()): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return APPOINTMENT_DATE_MESSAGE;
  if (time < now - APPOINTMENT_GRACE_MS) return APPOINTMENT_PAST_MESSAGE;
  return undefined;
}

/** The form data of `PUT|POST /api/folder/{id}/appointment/update`; an empty date cancels the appointment. */
export const appointmentFormSchema = z
  .object({
    [APPOINTMENT_DATE_FIELD]: z.string().trim().max(40).default(''),
    [APPOINTMENT_COMMENT_FIELD]: z
      .string()
      .max(20_000, { message: 'Le texte ne doit pas dépasser 20 000 caractères' })
      .default(''),
    folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
    scheduled: z.string().min(1, { message: 'Le rendez-vous doit être planifié' }),
  })
  .superRefine((form, ctx) => {
    const date = form[APPOINTMENT_DATE_FIELD];
    const issue = date ? appointmentDateIssue(date) : undefined;
    if (issue) ctx.addIssue({ code: 'custom', path: [APPOINTMENT_DATE_FIELD], message: issue });
  });
export type AppointmentForm = z.input<typeof appointmentFormSchema>;
