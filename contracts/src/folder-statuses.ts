import { z } from 'zod';
import { folderStatusSchema } from './folders';

/*
 * A garage's folder statuses on /company/edit: the system ones (a code: open, close…) may be renamed and
 * recoloured, the garage's own ones also deleted while no folder uses them; the order is the tabs' order.
 */

/** The antd preset tag colours a status may take, with their French names for the select. */
export const FOLDER_STATUS_COLORS = [
  'default',
  'blue',
  'cyan',
  'geekblue',
  'green',
  'lime',
  'gold',
  'orange',
  'volcano',
  'red',
  'magenta',
  'purple',
] as const;
export type FolderStatusColor = (typeof FOLDER_STATUS_COLORS)[number];
export const FOLDER_STATUS_COLOR_LABELS: Record<FolderStatusColor, string> = {
  default: 'Gris',
  blue: 'Bleu',
  cyan: 'Cyan',
  geekblue: 'Bleu nuit',
  green: 'Vert',
  lime: 'Vert clair',
  gold: 'Or',
  orange: 'Orange',
  volcano: 'Vermillon',
  red: 'Rouge',
  magenta: 'Magenta',
  purple: 'Violet',
};

export const FOLDER_STATUS_LABEL_MAX = 60;
export const FOLDER_STATUS_NOT_FOUND = 'Statut introuvable';
export const FOLDER_STATUS_LABEL_TAKEN = 'Un statut de ce garage porte déjà ce libellé';
export const FOLDER_STATUS_SYSTEM_KEPT = 'Un statut du système ne se supprime pas';
export const FOLDER_STATUS_ORDER_INVALID = 'Le nouvel ordre doit reprendre chaque statut du garage une seule fois';
export const FOLDER_STATUS_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour modifier ses statuts';

/** 409 of a status still used: the folders must change status first (the history keeps the labels). */
export const folderStatusInUseMessage = (count: number): string =>
  `Ce statut est utilisé par ${count} dossier${count > 1 ? 's' : ''} : changez-les de statut avant de le supprimer`;

/** One status as the settings card lists it. */
export const folderStatusSettingSchema = folderStatusSchema.extend({
  /** A system status (it has a code): renamed and recoloured, never deleted. */
  system: z.boolean(),
  folderCount: z.number().int(),
});
export type FolderStatusSetting = z.infer<typeof folderStatusSettingSchema>;
export const folderStatusSettingListSchema = z.array(folderStatusSettingSchema);

export const folderStatusBodySchema = z.object({
  label: z
    .string({ message: 'Le libellé est obligatoire' })
    .trim()
    .min(1, { message: 'Le libellé est obligatoire' })
    .max(FOLDER_STATUS_LABEL_MAX, {
      message: `Le libellé ne doit pas dépasser ${FOLDER_STATUS_LABEL_MAX} caractères`,
    }),
  color: z.enum(FOLDER_STATUS_COLORS, { message: 'Couleur inconnue' }),
});
export type FolderStatusBody = z.infer<typeof folderStatusBodySchema>;

/** Every status of the garage, each once, in the new order. */
export const folderStatusOrderBodySchema = z.object({
  ids: z
    .array(z.number({ message: FOLDER_STATUS_ORDER_INVALID }).int().min(1), { message: FOLDER_STATUS_ORDER_INVALID })
    .min(1, { message: FOLDER_STATUS_ORDER_INVALID })
    .max(500, { message: FOLDER_STATUS_ORDER_INVALID })
    .refine((ids) => new Set(ids).size === ids.length, { message: FOLDER_STATUS_ORDER_INVALID }),
});
export type FolderStatusOrderBody = z.infer<typeof folderStatusOrderBodySchema>;
