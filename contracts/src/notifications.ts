import { z } from 'zod';
import { pagedResponseSchema } from './paging';
import { isValidPhone, PHONE_MESSAGE } from './phone';

/** Folder types that carry a lettered tag (docs/product.md); any other text is allowed too. */
export const NOTIFICATION_TYPES = ['verif', 'envoi', 'relance', 'comment', 'recovery'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification whose text contains this marker opens a modal by itself (docs/product.md). */
export const ALERT_MARKER = 'ALERTE A TRAITER';
/** Notification list page size (docs/product.md). */
export const NOTIFICATION_PAGE_SIZE = 10;
/** Unread partials fetch timeout and alert auto-open delay, in ms (docs/product.md). */
export const UNREAD_PARTIALS_TIMEOUT_MS = 8000;
export const ALERT_AUTO_OPEN_MS = 2000;
/** Placeholder of an SMS template replaced by the folder name on sending (docs/product.md). */
export const FOLDER_PLACEHOLDER = '#FOLDER#';
/** The only setting that makes the configuration meaningful: one garage, not TOUT. */
export const SELECT_COMPANY_MESSAGE = "Cette page ne s'affiche que si un garage est sélectionné en haut à gauche";
export const CONFIGURATION_SAVED_MESSAGE = 'Configuration sauvegardée';
export const UNKNOWN_USER_MESSAGE = 'Utilisateur inconnu pour ce garage';
export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification introuvable';
export const FOLDER_NOT_FOUND_MESSAGE = 'Dossier introuvable';
export const TEMPLATE_NOT_FOUND_MESSAGE = 'Modèle introuvable';

export const notificationFolderSchema = z.object({ id: z.number().int(), title: z.string() });
export type NotificationFolder = z.infer<typeof notificationFolderSchema>;

/** One notification as every list shows it (docs/product.md). */
export const notificationRowSchema = z.object({
  id: z.number().int(),
  /** HTML, sanitized by the server; title, subtitle and body separated by line breaks. */
  content: z.string(),
  folder: notificationFolderSchema.nullable(),
  typeFolder: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** "Non" means unread (the « Lu ? » column). */
  notificationRead: z.enum(['Oui', 'Non']),
  isUnRead: z.boolean(),
  avatarUrl: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

/** GET /api/notifications/me (shared paging query). */
export const myNotificationsResponseSchema = pagedResponseSchema(notificationRowSchema);
export type MyNotificationsResponse = z.infer<typeof myNotificationsResponseSchema>;

/** POST /api/notifications/list: the drawer. `read` narrows to one tab ("Non lues" = false, "Lues" = true). */
export const notificationListBodySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  maxPerPage: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  archived: z.boolean().default(false),
  read: z.boolean().optional(),
});
export type NotificationListBody = z.input<typeof notificationListBodySchema>;

export const notificationListResponseSchema = z.object({
  data: z.object({
    notifications: z.array(notificationRowSchema),
    /** Rows matching the filters (all pages). */
    total: z.number().int(),
    /** Unread, not archived notifications of the user (whatever the filters). */
    unread: z.number().int(),
  }),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** GET /api/notifications/unread-nbre */
export const unreadCountResponseSchema = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/** GET /api/notifications/:id (the detail page). */
export const notificationDetailResponseSchema = notificationRowSchema.extend({
  readAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type NotificationDetail = z.infer<typeof notificationDetailResponseSchema>;

/** POST /api/notifications/unread-partials: server-built HTML; `{}` when nothing is unread. */
export const unreadPartialsResponseSchema = z.object({
  menu: z.string().optional(),
  modals: z.array(z.string()).optional(),
});
export type UnreadPartials = z.infer<typeof unreadPartialsResponseSchema>;

/** The data of each server-sent event of GET /api/notifications/stream (event `id:` = notification id). */
export const notificationStreamEventSchema = notificationRowSchema;

/**
 * The stream's second kind of event (`event: units`, no id, so Last-Event-ID keeps counting notifications): a
 * garage of the session's had its units balance moved, by anyone (UNITÉS follows without a reload).
 */
export const UNITS_STREAM_EVENT = 'units';
/**
 * Sent once the stream is registered (`event: ready`, no id): what was written between the page's first read and
 * this moment reached no stream, so the client reads its counts again on it.
 */
export const READY_STREAM_EVENT = 'ready';
export const unitsStreamEventSchema = z.object({ companyId: z.number().int(), jeton: z.number().int() });
/**
 * The stream's third kind (`event: changed`, no id): something a garage of the session shows changed on the server
 * without a click of this tab (a supplier invoice arrived from the platform, a status came back). The page reads the
 * API paths named again (their query cache entries, by prefix): a list open on screen comes back by itself.
 */
export const CHANGED_STREAM_EVENT = 'changed';
export const changedStreamEventSchema = z.object({
  companyId: z.number().int(),
  paths: z
    .array(
      z
        .string()
        .regex(/^\/api\//)
        .max(200),
    )
    .min(1)
    .max(10),
});
export type ChangedStreamEvent = z.infer<typeof changedStreamEventSchema>;
/**
 * The stream's fourth kind (`event: import-progress`, no id), to the tabs of the person running an import: where its
 * check or its import stands (a step, rows done of the step's total), a few times a second while it runs.
 */
export const IMPORT_PROGRESS_STREAM_EVENT = 'import-progress';
export const importProgressStreamEventSchema = z.object({
  importId: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int(),
  step: z.string().max(60),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ImportProgressStreamEvent = z.infer<typeof importProgressStreamEventSchema>;
export type UnitsStreamEvent = z.infer<typeof unitsStreamEventSchema>;

/** POST /api/notifications/test-create (the tests' servers only, api/test-support). */
export const testCreateNotificationBodySchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  content: z.string().min(1).max(10_000),
  typeFolder: z.string().min(1).max(50),
  folderId: z.number().int().min(1).optional(),
  folderTitle: z.string().max(200).optional(),
  companyId: z.number().int().min(1).optional(),
});
export type TestCreateNotificationBody = z.infer<typeof testCreateNotificationBodySchema>;

// ---------------------------------------------------------------- configuration

export const RECIPIENT_CHOICES = ['admin', 'owner', 'adminOwner', 'ownerCom', 'adminOwnerCom'] as const;
export type RecipientChoice = (typeof RECIPIENT_CHOICES)[number];
export const RECIPIENT_LABELS: Record<RecipientChoice, string> = {
  admin: 'Administrateurs du garage',
  owner: 'Responsable du dossier',
  adminOwner: 'Administrateurs et responsable du dossier',
  ownerCom: 'Responsable du dossier et commerciaux',
  adminOwnerCom: 'Administrateurs, responsable du dossier et commerciaux',
};

export const phoneRowSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((value) => isValidPhone(value), { message: PHONE_MESSAGE }),
});

const userIdsSchema = z.array(z.number().int().min(1)).max(500);

/** Notification configuration of one company (docs/product.md). */
export const notificationConfigSchema = z.object({
  defaultRecipients: z.enum(RECIPIENT_CHOICES),
  usersRecipients: userIdsSchema,
  mailDefaultRecipients: z.enum(RECIPIENT_CHOICES),
  mailUsersRecipients: userIdsSchema,
  /** HTML (sanitized by the server); may contain #FOLDER#. */
  smsTemplate: z.string().max(5000),
  phones: z.array(phoneRowSchema).max(20),
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/** POST /api/notifications/configure answer (docs/product.md): code 200 = saved. */
export const configurationSaveResponseSchema = z.object({
  code: z.number().int(),
  detail: z.string().optional(),
  error: z.string().optional(),
});
export type ConfigurationSaveResponse = z.infer<typeof configurationSaveResponseSchema>;

export const DEFAULT_NOTIFICATION_CONFIG: NotificationConfig = {
  defaultRecipients: 'admin',
  usersRecipients: [],
  mailDefaultRecipients: 'admin',
  mailUsersRecipients: [],
  smsTemplate: '',
  phones: [{ phone: '' }],
};

// ---------------------------------------------------------------- pure helpers

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * Plain text of an HTML fragment, one line per block or `<br>`. For display
 * as React text only (never as HTML): a regex is enough for that.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
      return ENTITIES[lower] ?? entity;
    })
    .replace(/\r/g, '');
}

export interface NotificationParts {
  title: string;
  subtitle: string;
  body: string;
}

/** Title, subtitle and body of a notification's content: its first, second and remaining lines. */
export function notificationParts(content: string): NotificationParts {
  const lines = htmlToText(content)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { title: lines[0] ?? '', subtitle: lines[1] ?? '', body: lines.slice(2).join('\n') };
}

export const isAlert = (content: string): boolean => htmlToText(content).includes(ALERT_MARKER);

/** Replaces every #FOLDER# with the folder name (docs/product.md). */
export const fillFolderPlaceholder = (text: string, folderName: string): string =>
  text.split(FOLDER_PLACEHOLDER).join(folderName);
