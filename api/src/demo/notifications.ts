import { can, DEMO_ACCOUNTS, DEMO_COMPANIES, formatPlate } from 'contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db';
import {
  companies,
  folderHistory,
  folders,
  memberships,
  messageTemplates,
  notificationConfigs,
  notifications,
  outbox,
  users,
} from '../db/schema';
import { escapeHtml } from '../lib/sanitize';

interface DemoNotification {
  typeFolder: string;
  /** The n-th newest folder of the recipient's company (its plate becomes the subtitle), or none. */
  folder: number | null;
  lines: [string, string, string];
  /** Hours ago. */
  age: number;
  read?: boolean;
  archived?: boolean;
  /** Who gets it: every demo account (default), the admins, or the accounts listed by e-mail. */
  audience?: 'admins' | readonly string[];
}

/** Replaced by "Dossier <plate>" of the folder the notification is about. */
const FOLDER_LINE = '';

/** The demo account whose unread alert pops up a few seconds after signing in (README: who shows what). */
export const ALERT_DEMO_EMAIL = 'service.client@demo.garage.fr';
const ALERT_LINES: [string, string, string] = [
  'ALERTE A TRAITER',
  FOLDER_LINE,
  "Prise en charge refusée par l'assureur : contactez le client avant l'intervention de demain 9h.",
];

const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    typeFolder: 'relance',
    folder: 0,
    lines: ['Relance client', FOLDER_LINE, "Le client n'a pas répondu au devis envoyé le 12/11."],
    age: 1,
  },
  {
    typeFolder: 'verif',
    folder: 1,
    lines: [
      'Vérification à faire',
      FOLDER_LINE,
      "Le contrôle de la carte grise et de l'attestation d'assurance est en attente.",
    ],
    age: 3,
  },
  {
    typeFolder: 'envoi',
    folder: 2,
    lines: ['Dossier envoyé', FOLDER_LINE, "Le dossier a été transmis à l'assureur MAAF le 18/11."],
    age: 6,
    read: true,
  },
  {
    typeFolder: 'comment',
    folder: 0,
    lines: ['Nouveau commentaire', FOLDER_LINE, 'Karim : pare-brise remplacé, calibrage caméra effectué.'],
    age: 20,
    read: true,
  },
  {
    typeFolder: 'recovery',
    folder: 3,
    lines: ['Recouvrement', FOLDER_LINE, 'Facture FA-2026-0142 impayée depuis 45 jours : relance amiable envoyée.'],
    age: 30,
  },
  {
    typeFolder: 'anomalie',
    folder: 4,
    lines: ['Anomalie signalée', FOLDER_LINE, 'Le numéro de sinistre ne correspond pas à la franchise déclarée.'],
    age: 48,
    read: true,
    archived: true,
  },
  {
    typeFolder: 'verif',
    folder: 5,
    lines: ALERT_LINES,
    age: 2,
    read: true,
    audience: 'admins',
  },
  {
    // Unread: its modal opens by itself about 2 s after this account signs in.
    typeFolder: 'verif',
    folder: 5,
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

function receives(notification: DemoNotification, person: { email: string; roles: string[] }): boolean {
  const { audience } = notification;
  if (audience === undefined) return true;
  if (audience === 'admins') return can(person.roles, 'notifiedAsAdmin');
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
    type: 'assurance' as const,
    subject: 'Relance : facture #NUMERO# — sinistre #SINISTRE#',
    purpose: 'insurer_reminder' as const,
    content: `<p>Madame, Monsieur,</p><p>Sauf erreur de notre part, notre facture #NUMERO# (sinistre #SINISTRE#, véhicule #FOLDER#), échue le #ECHEANCE#, reste impayée pour <strong>#MONTANT#</strong> TTC. Vous la trouverez ci-jointe.</p><p>Merci de bien vouloir procéder à son règlement.</p><p>${companyName}</p>`,
  },
  {
    type: 'sms' as const,
    subject: 'Confirmation de rendez-vous',
    purpose: 'appointment_confirmation' as const,
    content:
      '<p>#GARAGE# : rendez-vous confirmé le #DATE# à #HEURE# pour #PLAQUE#. Répondez STOP pour ne plus recevoir de SMS.</p>',
  },
  {
    type: 'sms' as const,
    subject: 'Rappel de rendez-vous',
    purpose: 'appointment_reminder' as const,
    content: '<p>Rappel : #GARAGE# vous attend demain à #HEURE# pour #PLAQUE# (dossier #FOLDER#).</p>',
  },
  {
    type: 'sms' as const,
    subject: 'Véhicule prêt',
    purpose: 'vehicle_ready' as const,
    content: '<p>#GARAGE# : votre véhicule #PLAQUE# est prêt, vous pouvez venir le récupérer.</p>',
  },
];

/** The demo's SMS of a folder: a status of each kind, as the folder's SMS card shows them. */
function demoSms(
  folder: { id: number; companyId: number; phone: string; plate: string },
  index: number,
  now: number,
): (typeof outbox.$inferInsert)[] {
  const at = (hours: number) => new Date(now + hours * 3_600_000);
  const base = { channel: 'sms' as const, companyId: folder.companyId, folderId: folder.id, to: folder.phone };
  const plate = formatPlate(folder.plate);
  const rows: (typeof outbox.$inferInsert)[][] = [
    [
      {
        ...base,
        purpose: 'appointment_confirmation' as const,
        body: `Rendez-vous confirmé pour ${plate}. Répondez STOP pour ne plus recevoir de SMS.`,
        createdAt: at(-30),
        sentAt: at(-30),
        attempts: 1,
        providerMessageId: `demo-${folder.id}-1`,
      },
      {
        ...base,
        purpose: 'appointment_reminder' as const,
        body: `Rappel : nous vous attendons demain pour ${plate}.`,
        createdAt: at(-30),
        nextAttemptAt: at(20),
      },
    ],
    [
      {
        ...base,
        purpose: 'vehicle_ready' as const,
        body: `Votre véhicule ${plate} est prêt, vous pouvez venir le récupérer.`,
        createdAt: at(-3),
        sentAt: at(-3),
        attempts: 1,
        providerMessageId: `demo-${folder.id}-2`,
      },
    ],
    [
      {
        ...base,
        purpose: 'manual' as const,
        body: `Votre devis pour ${plate} est prêt : passez le signer à l’atelier.`,
        createdAt: at(-1),
        attempts: 1,
        lastError: 'HTTP 402: Not enough credits',
        nextAttemptAt: at(0.1),
      },
    ],
  ];
  return rows[index] ?? [];
}

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
    // The franchisor publishes one template to its centres: they list it ("Réseau") and use it, read-only.
    const head = allCompanies.find((company) => company.name === DEMO_COMPANIES.franchisor);
    if (head) {
      await tx.insert(messageTemplates).values({
        companyId: head.id,
        type: 'mail',
        shared: true,
        subject: 'Vitrage Express : votre rendez-vous pour le dossier #FOLDER#',
        content:
          '<p>Bonjour,</p><p>Votre rendez-vous de remplacement de vitrage pour le dossier <strong>#FOLDER#</strong> est confirmé. Prévoyez une heure d’immobilisation après la pose.</p><p>Le réseau Vitrage Express</p>',
      });
    }

    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const people = await tx
      .select({ userId: users.id, email: users.email, companyId: memberships.companyId, roles: memberships.roles })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(inArray(users.email, emails))
      .orderBy(asc(users.id), asc(memberships.companyId));
    // The newest folders of each company: what the demo notifications are about.
    const recent = await tx
      .select({ id: folders.id, plate: folders.plate, companyId: folders.companyId })
      .from(folders)
      .orderBy(asc(folders.companyId), desc(folders.createdAt), desc(folders.id));
    const foldersOf = new Map<number, { id: number; title: string }[]>();
    for (const row of recent) {
      const list = foldersOf.get(row.companyId) ?? [];
      if (list.length < 6) list.push({ id: row.id, title: formatPlate(row.plate) });
      foldersOf.set(row.companyId, list);
    }
    const now = Date.now();
    const rows = people.flatMap((person) =>
      DEMO_NOTIFICATIONS.filter((n) => receives(n, person)).map((n) => {
        const createdAt = new Date(now - n.age * 3_600_000);
        const folder = n.folder === null ? undefined : foldersOf.get(person.companyId)?.[n.folder];
        const [title, subtitle, body] = n.lines;
        return {
          userId: person.userId,
          companyId: person.companyId,
          folderId: folder?.id ?? null,
          folderTitle: folder?.title ?? null,
          content: [title, subtitle === FOLDER_LINE ? `Dossier ${folder?.title ?? ''}` : subtitle, body].join('<br>'),
          typeFolder: n.typeFolder,
          createdAt,
          readAt: n.read ? new Date(createdAt.getTime() + 600_000) : null,
          archivedAt: n.archived ? new Date(createdAt.getTime() + 1_200_000) : null,
        };
      }),
    );
    // SMS of the three newest folders of each garage: sent, scheduled, failed (and their history lines).
    const firstThree = [...foldersOf.values()].flatMap((list) => list.slice(0, 3).map((folder) => folder.id));
    const withPhones = await tx
      .select({ id: folders.id, companyId: folders.companyId, phone: folders.phone, plate: folders.plate })
      .from(folders)
      .where(inArray(folders.id, firstThree.length > 0 ? firstThree : [0]));
    const sms = withPhones.flatMap((folder) => {
      const index = foldersOf.get(folder.companyId)?.findIndex((summary) => summary.id === folder.id) ?? -1;
      return folder.phone ? demoSms({ ...folder, phone: folder.phone }, index, now) : [];
    });
    if (sms.length > 0) {
      await tx.insert(outbox).values(sms);
      await tx.insert(folderHistory).values(
        sms.map((row) => ({
          folderId: row.folderId ?? 0,
          companyId: row.companyId ?? 0,
          kind: 'sms',
          field: row.purpose,
          newValue: row.purpose === 'appointment_reminder' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
          content: escapeHtml(row.body),
          createdAt: row.createdAt,
        })),
      );
    }
    // Oldest first, so ids grow with time as they do for live notifications.
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (rows.length > 0) await tx.insert(notifications).values(rows);
    return true;
  });
}
