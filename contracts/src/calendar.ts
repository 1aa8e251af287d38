import { z } from 'zod';
import {
  APPOINTMENT_DATE_MESSAGE,
  APPOINTMENT_MINUTES_MAX,
  APPOINTMENT_MINUTES_MIN,
  appointmentDateIssue,
  CALENDAR_DURATION_MESSAGE,
} from './folder-appointment';

/*
 * The technicians' week (`/calendar/week/technicians`, `GET /api/calendar`): one row per fitter, their
 * appointments (a folder's `appointmentAt` + `appointmentMinutes` + technician), moved or cancelled with the rule
 * of the folder page's appointment form (folder-appointment.ts). A clash is a warning, never a refusal.
 */

export const APPOINTMENT_MINUTES_DEFAULT = 60;
/** The durations the forms offer (any whole minute between 15 and 720 is accepted). */
export const APPOINTMENT_DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720] as const;
/** A week asked for: Monday to Monday, 7 days and one hour at most (the autumn clock change). */
export const CALENDAR_MAX_SPAN_MS = 7 * 86_400_000 + 3_600_000;

export const CALENDAR_TITLE = 'Calendrier';
export const CALENDAR_NO_TECHNICIAN = 'Sans poseur';
export const CALENDAR_CLASH_MESSAGE = 'Chevauchement avec un autre rendez-vous de ce poseur';
export const CALENDAR_CLASH_TAG = 'Chevauchement';
export const CALENDAR_TECHNICIAN_INVALID = 'Ce poseur n’appartient pas au garage du dossier';
export const CALENDAR_WEEK_INVALID = 'Semaine invalide : la fin doit suivre le début, sept jours au plus';
export const CALENDAR_LOAD_ERROR = 'Erreur lors du chargement du calendrier';
export const CALENDAR_MOVED = 'Rendez-vous déplacé';
export const CALENDAR_MOVE_UNDONE = 'Déplacement annulé : le rendez-vous est revenu à sa place';

/**
 * A schema only the API reads, built by a call marked pure: unused, the browser's shared contracts module (in every
 * page's JS) drops it whole, while the answers the page parses stay.
 */
const serverOnly = <T>(build: () => T): T => build();

/** `GET /api/calendar?from&to`: [from, to[ (ISO instants), a week. */
export const calendarQuerySchema = /* @__PURE__ */ serverOnly(() =>
  z
    .object({
      from: z.iso.datetime({ offset: true, message: 'Date de début invalide' }),
      to: z.iso.datetime({ offset: true, message: 'Date de fin invalide' }),
    })
    .refine(
      (query) => {
        const span = Date.parse(query.to) - Date.parse(query.from);
        return span > 0 && span <= CALENDAR_MAX_SPAN_MS;
      },
      { message: CALENDAR_WEEK_INVALID },
    ),
);
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** A row of the week: the garage's active fitters, and any other holding an appointment of the week. */
export const calendarTechnicianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Goes to the customer: travel times show between their appointments. */
  mobile: z.boolean(),
  active: z.boolean(),
  companyId: z.number().int(),
  /** Shown beside the name when the week covers several garages (TOUT). */
  companyName: z.string(),
});
export type CalendarTechnician = z.infer<typeof calendarTechnicianSchema>;

export const calendarAppointmentSchema = z.object({
  folderId: z.number().int(),
  folderNumber: z.string(),
  companyId: z.number().int(),
  /** AB-123-CD. */
  plate: z.string(),
  customer: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** Null: the "Sans poseur" row. */
  technicianId: z.number().int().nullable(),
  start: z.string(),
  minutes: z.number().int(),
  statusLabel: z.string(),
  statusColor: z.string(),
  /** Overlaps another appointment of the same technician (a warning). */
  clash: z.boolean(),
  /** Mobile fitters: estimated drive from the previous appointment of the same day; null for the day's first. */
  travelMinutesBefore: z.number().int().nullable(),
});
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

export const calendarResponseSchema = z.object({
  technicians: z.array(calendarTechnicianSchema),
  /** Sorted by start. */
  appointments: z.array(calendarAppointmentSchema),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const calendarFolderParamsSchema = /* @__PURE__ */ serverOnly(() =>
  z.object({ folderId: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1) }),
);

/** `PUT /api/calendar/appointment/{folderId}`: sets (new) or moves the folder's appointment. */
export const calendarMoveBodySchema = /* @__PURE__ */ serverOnly(() =>
  z
    .object({
      start: z.iso.datetime({ offset: true, message: APPOINTMENT_DATE_MESSAGE }),
      minutes: z
        .number({ message: CALENDAR_DURATION_MESSAGE })
        .int({ message: CALENDAR_DURATION_MESSAGE })
        .min(APPOINTMENT_MINUTES_MIN, { message: CALENDAR_DURATION_MESSAGE })
        .max(APPOINTMENT_MINUTES_MAX, { message: CALENDAR_DURATION_MESSAGE })
        .default(APPOINTMENT_MINUTES_DEFAULT),
      technicianId: z.number({ message: 'Poseur invalide' }).int().min(1).nullable(),
    })
    .superRefine((body, ctx) => {
      // The folder page's rule: a valid date, not in the past beyond the grace hour.
      const issue = appointmentDateIssue(body.start);
      if (issue) ctx.addIssue({ code: 'custom', path: ['start'], message: issue });
    }),
);
export type CalendarMoveBody = z.input<typeof calendarMoveBodySchema>;
