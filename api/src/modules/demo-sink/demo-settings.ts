import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, franchises } from '../../db/schema';
import { sealSecret } from '../../lib/secret-box';
import { removeSetting, type SettingOwner, saveSetting } from '../sending/settings-repository';
import type { DemoSink } from './sink';

const DEMO_SENDER = 'ne-pas-repondre@demo.garage.fr';

/**
 * Points every demo network (and each demo garage outside a network) at this start's sink: the ports change at each
 * start, so the settings are written again each time. Only demo companies: the seed never runs beside real ones. A
 * channel the start gives a server of its own (`SMTP_URL`, `SMS_API_KEY`: `sinkChannels` false) uses it instead.
 */
export async function pointDemoAtSink(
  db: Database,
  key: Buffer,
  sink: DemoSink,
  sinkChannels: { mail: boolean; sms: boolean } = { mail: true, sms: true },
): Promise<void> {
  const networks = await db
    .selectDistinct({ id: franchises.id, name: franchises.name })
    .from(companies)
    .innerJoin(franchises, eq(franchises.id, companies.franchiseId))
    .where(and(eq(companies.demo, true), isNotNull(companies.franchiseId)));
  const loose = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.demo, true), isNull(companies.franchiseId)));
  const owners: [SettingOwner, string][] = [
    ...networks.map(({ id, name }): [SettingOwner, string] => [{ level: 'network', franchiseId: id }, name]),
    ...loose.map(({ id, name }): [SettingOwner, string] => [{ level: 'garage', companyId: id }, name]),
  ];
  for (const [owner, name] of owners) {
    const mail = { host: '127.0.0.1', port: sink.smtpPort, security: 'none' as const, username: '' };
    if (sinkChannels.mail) {
      await saveSetting(db, owner, 'mail', { ...mail, fromAddress: DEMO_SENDER, fromName: name }, null);
    } else await removeSetting(db, owner, 'mail');
    if (sinkChannels.sms) {
      await saveSetting(db, owner, 'sms', { apiUrl: sink.smsUrl, sender: 'DEMOGARAGE' }, sealSecret(key, 'cle-demo'));
    } else await removeSetting(db, owner, 'sms');
  }
}
