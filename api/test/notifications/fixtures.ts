import { DEMO_COMPANIES } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../src/db/schema';
import { createNotifications, type NewNotification } from '../../src/modules/notifications/publish';

export async function userId(app: FastifyInstance, email: string): Promise<number> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function companyId(app: FastifyInstance, name: keyof typeof DEMO_COMPANIES): Promise<number> {
  const [row] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANIES[name]));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}

let counter = 0;

/** Creates one notification (announced on the channel like a real one) and answers its id. */
export async function notify(
  app: FastifyInstance,
  email: string,
  company: keyof typeof DEMO_COMPANIES,
  extra: Partial<NewNotification> = {},
): Promise<number> {
  counter += 1;
  const [id] = await createNotifications(app.db, [
    {
      userId: await userId(app, email),
      companyId: await companyId(app, company),
      content: `Test ${counter}<br>Dossier ZZ-${counter}<br>Corps du message ${counter}`,
      typeFolder: 'relance',
      folderId: 9000 + counter,
      folderTitle: `ZZ-${counter}`,
      ...extra,
    },
  ]);
  if (id === undefined) throw new Error('not created');
  return id;
}
