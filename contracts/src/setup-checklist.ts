import { z } from 'zod';

/*
 * « Mise en route »: what a garage needs before its first invoice, each item with its state and the page that
 * completes it. The legal identity is required (issuing is refused without it, with the same words: billing-mentions.ts);
 * the rest is what a garage expects to have set before its first customer.
 */

export const SETUP_TITLE = 'Mise en route';

export const SETUP_ITEM_KEYS = [
  'identity',
  'bank',
  'vat',
  'rates',
  'logo',
  'insurers',
  'team',
  'templates',
  'mail',
  'sms',
  'einvoicing',
] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

/** Each item: its title, the page that completes it, whether issuing needs it. */
export const SETUP_ITEMS: Record<SetupItemKey, { label: string; href: string; required: boolean }> = {
  identity: { label: 'Identité légale du garage', href: '/company', required: true },
  bank: { label: 'Coordonnées bancaires (IBAN imprimé sur les factures)', href: '/company', required: false },
  vat: { label: 'Régime de TVA et option sur les débits', href: '/company', required: false },
  rates: { label: 'Taux horaire et TVA par défaut', href: '/company/edit', required: false },
  logo: { label: 'Logo sur les devis et factures', href: '/company/edit', required: false },
  insurers: { label: 'Assureurs de l’annuaire', href: '/company/insurer-list', required: false },
  team: { label: 'Utilisateurs et poseurs', href: '/users', required: false },
  templates: { label: 'Modèles de messages', href: '/message_template/mail/list', required: false },
  mail: { label: 'Envoi des e-mails', href: '/company/sending', required: false },
  sms: { label: 'Envoi des SMS', href: '/company/sending', required: false },
  einvoicing: { label: 'Plateforme de facturation électronique', href: '/company/einvoicing', required: false },
};

export const setupItemSchema = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  done: z.boolean(),
  /** What is set, or what is missing, in French. */
  detail: z.string(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

/** `GET /api/company/{companyId}/setup`. */
export const setupChecklistSchema = z.object({
  companyId: z.number().int(),
  items: z.array(setupItemSchema),
  /** Every required item is done: the garage can issue its invoices. */
  ready: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/** How far the garage is: « 7 sur 10 ». */
export const setupProgress = (items: SetupItem[]) => `${items.filter((item) => item.done).length} sur ${items.length}`;
