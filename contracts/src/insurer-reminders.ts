import { z } from 'zod';

/*
 * Reminders to insurers whose invoices are past due (« Créances assureurs »): an e-mail through the outbox, with the
 * invoice's original attached, written from the garage's « Assurance » template marked « Relance automatique des
 * assureurs » (or the default text below for a reminder sent by hand without one). With such a template, the server
 * reminds by itself: once an invoice is past due, then every `INSURER_REMINDER_INTERVAL_DAYS` while it stays unpaid.
 */

/** Days between two automatic reminders of one invoice. */
export const INSURER_REMINDER_INTERVAL_DAYS = 15;

/** The default reminder (placeholders as a document's mail: #NUMERO#, #SINISTRE#, #FOLDER#, #MONTANT#, #ECHEANCE#). */
export const DEFAULT_INSURER_REMINDER = {
  subject: 'Relance : facture #NUMERO# — sinistre #SINISTRE#',
  body: [
    'Madame, Monsieur,',
    '',
    'Sauf erreur de notre part, notre facture #NUMERO# relative au sinistre #SINISTRE# (véhicule #FOLDER#), échue le #ECHEANCE#, reste impayée pour #MONTANT# TTC.',
    '',
    'Nous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais. Vous la trouverez ci-jointe.',
    '',
    'Cordialement,',
  ].join('\n'),
};

/** `POST /api/paiement/receivables/remind`: remind the insurer of these invoices now. */
export const insurerRemindBodySchema = z.object({
  invoiceIds: z
    .array(z.number().int().min(1))
    .min(1, { message: 'Choisissez au moins une facture' })
    .max(200, { message: '200 factures au plus par relance' }),
});
export type InsurerRemindBody = z.input<typeof insurerRemindBodySchema>;

export const REMINDER_NOT_DUE = 'Pas encore échue';
export const REMINDER_OPENING_BALANCE =
  'Solde repris de l’ancien logiciel : relancez l’assureur avec la facture d’origine, que le produit n’a pas';
export const REMINDER_NO_EMAIL = 'Aucune adresse e-mail : renseignez celle de l’assureur dans l’annuaire des assureurs';
export const REMINDER_ALREADY_TODAY = 'Déjà relancée aujourd’hui';
export const REMINDER_NOTHING_DUE = 'Plus rien à payer';

export const insurerRemindResultSchema = z.object({
  reminded: z.array(z.object({ invoiceId: z.number().int(), number: z.string() })),
  /** Each invoice not reminded, and why (in French). */
  skipped: z.array(z.object({ invoiceId: z.number().int(), number: z.string(), reason: z.string() })),
});
export type InsurerRemindResult = z.infer<typeof insurerRemindResultSchema>;

export const insurerReminded = (count: number) =>
  count === 0
    ? 'Aucune relance envoyée'
    : `${count} relance${count > 1 ? 's' : ''} envoyée${count > 1 ? 's' : ''} à la file d’envoi des e-mails`;

/** Whether the garages in view remind insurers by themselves: how many of them have the template. */
export const autoReminderSchema = z.object({ garages: z.number().int(), active: z.number().int() });
export type AutoReminder = z.infer<typeof autoReminderSchema>;
export const autoReminderText = ({ garages, active }: AutoReminder) =>
  active === 0
    ? 'Relance automatique des assureurs inactive : marquez un modèle « Assurance » comme « Relance automatique des assureurs » dans les modèles de messages.'
    : `Relance automatique des assureurs active${garages > 1 ? ` dans ${active} garage${active > 1 ? 's' : ''} sur ${garages}` : ''} : un e-mail avec la facture à l’assureur dès l’échéance passée, puis tous les ${INSURER_REMINDER_INTERVAL_DAYS} jours tant qu’elle reste impayée.`;
