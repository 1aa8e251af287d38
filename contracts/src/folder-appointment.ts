import { z } from 'zod';

/*
 * The appointment form of the folder page (docs/product.md): form data named `appointment[appointment]`
 * and `appointment[comment]`, with `folderId` and `scheduled`. The calendar uses the same rule.
 */

export const APPOINTMENT_DATE_FIELD = 'appointment[appointment]';
export const APPOINTMENT_COMMENT_FIELD = 'appointment[comment]';
/** Not in the specification's form: how long the appointment holds its fitter, as the calendar has it (minutes). */
export const APPOINTMENT_MINUTES_FIELD = 'appointment[minutes]';
/** Not in the specification's form: the fitter's id, or "" for none; absent keeps the folder's technician. */
export const APPOINTMENT_TECHNICIAN_FIELD = 'appointment[technician]';
export const APPOINTMENT_PAST_MESSAGE = 'Le rendez-vous ne peut pas être fixé dans le passé';
export const APPOINTMENT_DATE_MESSAGE = 'Date de rendez-vous invalide';
export const APPOINTMENT_TOO_FAR_MESSAGE = 'Le rendez-vous ne peut pas être fixé à plus de deux ans';
export const APPOINTMENT_SAVED = 'Rendez-vous enregistré';
export const APPOINTMENT_CANCELLED = 'Rendez-vous annulé';
/** How long an appointment may hold its fitter, in minutes (the calendar and the folder page). */
export const APPOINTMENT_MINUTES_MIN = 15;
export const APPOINTMENT_MINUTES_MAX = 720;
export const CALENDAR_DURATION_MESSAGE = 'La durée doit être comprise entre 15 minutes et 12 heures';
/** An appointment may be recorded a little after it started (the customer is at the counter). */
export const APPOINTMENT_GRACE_MS = 60 * 60 * 1000;
/**
 * Nor beyond two years: no garage books that far, and a year 9999 appointment plus its length left the dates the
 * answers write (ISO years of four digits), a 500 found by fuzzing.
 */
export const APPOINTMENT_HORIZON_MS = 2 * 366 * 24 * 60 * 60 * 1000;

/** Undefined when `iso` is a valid appointment date at `now`, else the French reason. */
export function appointmentDateIssue(iso: string, now = Date.now()): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return APPOINTMENT_DATE_MESSAGE;
  if (time < now - APPOINTMENT_GRACE_MS) return APPOINTMENT_PAST_MESSAGE;
  if (time > now + APPOINTMENT_HORIZON_MS) return APPOINTMENT_TOO_FAR_MESSAGE;
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
    [APPOINTMENT_MINUTES_FIELD]: z.coerce
      .number({ message: CALENDAR_DURATION_MESSAGE })
      .int({ message: CALENDAR_DURATION_MESSAGE })
      .min(APPOINTMENT_MINUTES_MIN, { message: CALENDAR_DURATION_MESSAGE })
      .max(APPOINTMENT_MINUTES_MAX, { message: CALENDAR_DURATION_MESSAGE })
      .optional(),
    [APPOINTMENT_TECHNICIAN_FIELD]: z
      .union([
        z.literal(''),
        z.coerce.number({ message: 'Poseur invalide' }).int().min(1, { message: 'Poseur invalide' }),
      ])
      .optional(),
    folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
    scheduled: z.string().min(1, { message: 'Le rendez-vous doit être planifié' }),
  })
  .superRefine((form, ctx) => {
    const date = form[APPOINTMENT_DATE_FIELD];
    const issue = date ? appointmentDateIssue(date) : undefined;
    if (issue) ctx.addIssue({ code: 'custom', path: [APPOINTMENT_DATE_FIELD], message: issue });
  });
export type AppointmentForm = z.input<typeof appointmentFormSchema>;
