import { DEMO_ACCOUNTS } from 'contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, memberships, messageTemplates, notificationConfigs, notifications, users } from '../../db/schema';

interface DemoNotification {
  typeFolder: string;
  folder: { id: number; title: string } | null;
  lines: [string, string, string];
  /** Hours ago. */
  age: number;
  read?: boolean;
  archived?: boolean;
  /** Who gets it: every demo account (default), the admins, or the accounts listed by e-mail. */
  audience?: 'admins' | readonly string[];
}

/** The demo account whose unread alert pops up a few seconds after signing in (README: who shows what). */
export const ALERT_DEMO_EMAIL = 'service.client@demo.garage.fr';
const ALERT_LINES: [string, string, string] = [
  'ALERTE A TRAITER',
  'Dossier WX-987-YZ',
  "Prise en charge refusée par l'assureur : contactez le client avant l'intervention de demain 9h.",
];

const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    typeFolder: 'relance',
    folder: { id: 1001, title: 'AB-123-CD' },
    lines: ['Relance client', 'Dossier AB-123-CD', "Le client n'a pas répondu au devis envoyé le 12/11."],
    age: 1,
  },
  {
    typeFolder: 'verif',
    folder: { id: 1002, title: 'EF-456-GH' },
    lines: [
      'Vérification à faire',
      'Dossier EF-456-GH',
      "Le contrôle de la carte grise et de l'attestation d'assurance est en attente.",
    ],
    age: 3,
  },
  {
    typeFolder: 'envoi',
    folder: { id: 1003, title: 'JK-789-LM' },
    lines: ['Dossier envoyé', 'Dossier JK-789-LM', "Le dossier a été transmis à l'assureur MAAF le 18/11."],
    age: 6,
    read: true,
  },
  {
    typeFolder: 'comment',
    folder: { id: 1001, title: 'AB-123-CD' },
    lines: ['Nouveau commentaire', 'Dossier AB-123-CD', 'Karim : pare-brise remplacé, calibrage caméra effectué.'],
    age: 20,
    read: true,
  },
  {
    typeFolder: 'recovery',
    folder: { id: 1004, title: 'NP-321-QR' },
    lines: [
      'Recouvrement',
      'Dossier NP-321-QR',
      'Facture FA-2026-0142 impayée depuis 45 jours : relance amiable envoyée.',
    ],
    age: 30,
  },
  {
    typeFolder: 'anomalie',
    folder: { id: 1005, title: 'ST-654-UV' },
    lines: [
      'Anomalie signalée',
      'Dossier ST-654-UV',
      'Le numéro de sinistre ne correspond pas à la franchise déclarée.',
    ],
    age: 48,
    read: true,
    archived: true,
  },
  {
    typeFolder: 'verif',
    folder: { id: 1006, title: 'WX-987-YZ' },
    lines: ALERT_LINES,
    age: 2,
    read: true,
    audience: 'admins',
  },
  {
    // Unread: its modal opens by itself about 2 s after this account signs in.
    typeFolder: 'verif',
    folder: { id: 1006, title: 'WX-987-YZ' },
    lines: ALERT_LINES,
    age: 1,
    audience: [ALERT_DEMO_EMAIL],
  },
  {
    typeFolder: 'information',
    folder: null,
    lines: [
      'Information réseau',
      'Vitrage Express',
      'Nouvelle grille tarifaire des pare-brise applicable au 1er décembre.',
    ],
    age: 72,
    read: true,
  },
];

const ADMIN_ROLES = new Set(['ROLE_SUPER_ADMIN', 'ROLE_FRANCHISEUR', 'ROLE_POSEUR_ADMIN']);

function receives(notification: DemoNotification, person: { email: string; roles: string[] }): boolean {
  const { audience } = notification;
  if (audience === undefined) return true;
  if (audience === 'admins') return person.roles.some((role) => ADMIN_ROLES.has(role));
  return audience.includes(person.email);
}

const SMS_TEMPLATE = '<p>Vitrage Express : votre véhicule (dossier #FOLDER#) est prêt. Merci de votre confiance.</p>';

const demoTemplates = (companyName: string) => [
  {
    type: 'mail' as const,
    subject: 'Votre devis pour le dossier #FOLDER#',
    content: `<p>Bonjour,</p><p>Veuillez trouver ci-joint le devis du dossier <strong>#FOLDER#</strong>.</p><p>Cordialement,<br>${companyName}</p>`,
  },
  {
    type: 'assurance' as const,
    subject: 'Demande de prise en charge - #FOLDER#',
    content: `<p>Madame, Monsieur,</p><p>Nous sollicitons la prise en charge du bris de glace du dossier #FOLDER#.</p><p>${companyName}</p>`,
  },
  {
    type: 'sms' as const,
    subject: 'Rappel de rendez-vous',
    content: '<p>Rappel : votre rendez-vous pour le dossier #FOLDER# est prévu demain. Répondez STOP pour annuler.</p>',
  },
  {
    type: 'sms' as const,
    subject: 'Véhicule prêt',
    content: '<p>Votre véhicule (dossier #FOLDER#) est prêt, vous pouvez venir le récupérer.</p>',
  },
];

/**
 * Demo notifications of every type for the demo accounts, a default
 * configuration and a few mail/SMS templates per company. Runs once: a
 * database that already has a notification configuration is left alone.
 */
export async function seedNotificationsDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260102)`);
    const [existing] = await tx.select({ id: notificationConfigs.companyId }).from(notificationConfigs).limit(1);
    if (existing) return false;
    const allCompanies = await tx
      .select({ id: companies.id, name: companies.name, phone: companies.phone })
      .from(companies);
    if (allCompanies.length === 0) return false;

    await tx.insert(notificationConfigs).values(
      allCompanies.map((company) => ({
        companyId: company.id,
        defaultRecipients: 'adminOwner' as const,
        mailDefaultRecipients: 'admin' as const,
        smsTemplate: SMS_TEMPLATE,
        phones: company.phone && /^\d{10}$/.test(company.phone) ? [company.phone] : [],
      })),
    );
    await tx
      .insert(messageTemplates)
      .values(
        allCompanies.flatMap((company) => demoTemplates(company.name).map((t) => ({ companyId: company.id, ...t }))),
      );

    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const people = await tx
      .select({ userId: users.id, email: users.email, companyId: memberships.companyId, roles: memberships.roles })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(inArray(users.email, emails))
      .orderBy(asc(users.id), asc(memberships.companyId));
    const now = Date.now();
    const rows = people.flatMap((person) =>
      DEMO_NOTIFICATIONS.filter((n) => receives(n, person)).map((n) => {
        const createdAt = new Date(now - n.age * 3_600_000);
        return {
          userId: person.userId,
          companyId: person.companyId,
          folderId: n.folder?.id ?? null,
          folderTitle: n.folder?.title ?? null,
          content: n.lines.join('<br>'),
          typeFolder: n.typeFolder,
          createdAt,
          readAt: n.read ? new Date(createdAt.getTime() + 600_000) : null,
          archivedAt: n.archived ? new Date(createdAt.getTime() + 1_200_000) : null,
        };
      }),
    );
    // Oldest first, so ids grow with time as they do for live notifications.
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (rows.length > 0) await tx.insert(notifications).values(rows);
    return true;
  });
}
