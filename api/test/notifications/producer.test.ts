import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, notificationConfigs, notifications, outbox } from '../../src/db/schema';
import { notifyUsers } from '../../src/modules/notifications/producer';
import { createTestApp } from '../helpers';
import { companyId, userId } from './fixtures';

let app: FastifyInstance;
let lyon: number;

beforeAll(async () => {
  app = await createTestApp();
  lyon = await companyId(app, 'lyon');
});
afterAll(() => app.close());

async function configure(values: Partial<typeof notificationConfigs.$inferInsert>) {
  await app.db.update(notificationConfigs).set(values).where(eq(notificationConfigs.companyId, lyon));
}

describe('notifyUsers', () => {
  it('notifies the admins of the company (Lyon: poseur.admin@ and multi@)', async () => {
    await configure({ defaultRecipients: 'admin', usersRecipients: [], mailDefaultRecipients: 'admin', phones: [] });
    const result = await notifyUsers(app.db, {
      companyId: lyon,
      event: 'relance',
      folder: { id: 77, title: 'AB-777-CD' },
      actorUserId: null,
      title: 'Relance client',
      body: "Le client n'a pas répondu au devis envoyé le 12/11.",
    });
    const admins = [await userId(app, 'poseur.admin@demo.garage.fr'), await userId(app, 'multi@demo.garage.fr')].sort(
      (a, b) => a - b,
    );
    expect(result.recipients).toEqual(admins);
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, result.notificationIds[0] ?? 0));
    expect(row).toMatchObject({
      companyId: lyon,
      typeFolder: 'relance',
      folderId: 77,
      folderTitle: 'AB-777-CD',
      content: "Relance client<br>Dossier AB-777-CD<br>Le client n'a pas répondu au devis envoyé le 12/11.",
    });
  });

  it('never tells the author of an action about it, in the app or by mail', async () => {
    await configure({ defaultRecipients: 'admin', usersRecipients: [], mailDefaultRecipients: 'admin', phones: [] });
    const author = await userId(app, 'poseur.admin@demo.garage.fr');
    const result = await notifyUsers(app.db, {
      companyId: lyon,
      event: 'comment',
      folder: { id: 79, title: 'AB-779-CD' },
      actorUserId: author,
      title: 'Commentaire',
      body: 'Pare-brise commandé',
    });
    expect(result.recipients).toEqual([await userId(app, 'multi@demo.garage.fr')]);
    expect(result.mails).toEqual(['multi@demo.garage.fr']);
  });

  it('adds the owner, picked users, and marks alerts', async () => {
    const fitter = await userId(app, 'poseur@demo.garage.fr');
    await configure({ defaultRecipients: 'owner', usersRecipients: [] });
    const result = await notifyUsers(app.db, {
      companyId: lyon,
      event: 'verif',
      ownerUserId: fitter,
      actorUserId: null,
      title: 'Vérification',
      body: 'Carte grise manquante',
      alert: true,
    });
    expect(result.recipients).toEqual([fitter]);
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, result.notificationIds[0] ?? 0));
    expect(row?.content).toContain('ALERTE A TRAITER');
  });

  it('writes mails and SMS (with #FOLDER# replaced) to the outbox', async () => {
    const fitter = await userId(app, 'poseur@demo.garage.fr');
    await configure({
      defaultRecipients: 'admin',
      mailDefaultRecipients: 'owner',
      mailUsersRecipients: [],
      smsTemplate: '<p>Dossier #FOLDER# pr&ecirc;t</p>',
      phones: ['0611223344', '0655667788'],
    });
    const result = await notifyUsers(app.db, {
      companyId: lyon,
      event: 'envoi',
      folder: { id: 78, title: 'EF-888-GH' },
      ownerUserId: fitter,
      actorUserId: null,
      title: 'Dossier envoyé',
      body: 'Transmis à l’assureur',
    });
    expect(result.mails).toEqual(['poseur@demo.garage.fr']);
    expect(result.sms).toEqual(['0611223344', '0655667788']);
    const rows = await app.db.select().from(outbox).where(eq(outbox.companyId, lyon));
    expect(rows.filter((r) => r.channel === 'sms').map((r) => r.body)).toContain('Dossier EF-888-GH pr&ecirc;t');
    expect(rows.find((r) => r.channel === 'mail' && r.subject.includes('EF-888-GH'))).toMatchObject({
      to: 'poseur@demo.garage.fr',
      subject: 'Dossier envoyé - Dossier EF-888-GH',
    });
  });

  it('ignores picked users who left the company', async () => {
    const stranger = await userId(app, 'cmd@demo.garage.fr');
    await configure({ defaultRecipients: 'owner', usersRecipients: [stranger] });
    const result = await notifyUsers(app.db, {
      companyId: lyon,
      event: 'comment',
      actorUserId: null,
      title: 'Commentaire',
      body: 'x',
    });
    expect(result.recipients).toEqual([]);
    expect(await app.db.select().from(memberships).where(eq(memberships.userId, stranger))).toHaveLength(1);
  });
});
