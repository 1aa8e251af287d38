import { type PlatformSettings, type PlatformSettingsView, platformSettingsSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db';
import { platformWebhooks } from '../../db/schema';
import { openSecret } from '../../lib/secret-box';
import { networkOf, type SettingRow, settingRows } from '../sending/settings-repository';
import { mayEditNetwork } from '../sending/settings-view';
import type { PlatformAccess } from './platform/platform-client';
import { garageSiren } from './received-repository';

/*
 * Which approved platform a garage talks to: its own setting, else its network's (stored with the mail and SMS
 * settings, channel `platform`, the client secret sealed). The garage acts on the platform as its SIREN.
 */

export const platformOf = (row: SettingRow): PlatformSettings => platformSettingsSchema.parse(row.settings);

export interface GarageAccess {
  access: PlatformAccess;
  /** The garage's SIREN: the organisation it acts as (Organization-Id), its electronic address's identifier. */
  organizationId: string;
  source: 'garage' | 'network';
}

/** The garage's platform with its secret opened, or null when neither it nor its network set one (or no SIREN yet). */
export async function garageAccess(db: Database, key: Buffer, companyId: number): Promise<GarageAccess | null> {
  const rows = await settingRows(db, companyId, 'platform');
  const row = rows.garage ?? rows.network;
  if (!row) return null;
  const organizationId = await garageSiren(db, companyId);
  const clientSecret = row.secret ? openSecret(key, row.secret) : '';
  if (!organizationId || clientSecret === null) return null;
  return {
    access: { ...platformOf(row), clientSecret },
    organizationId,
    source: rows.garage ? 'garage' : 'network',
  };
}

const stored = (row: SettingRow | null) => row && { ...platformOf(row), clientSecretSet: Boolean(row.secret) };

/** What « Facturation électronique » shows: both levels, the one in use, the garage's address, the webhook. */
export async function platformView(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: number,
): Promise<PlatformSettingsView> {
  const [network, rows, siren, [webhook]] = await Promise.all([
    networkOf(app.db, companyId),
    settingRows(app.db, companyId, 'platform'),
    garageSiren(app.db, companyId),
    app.db.select().from(platformWebhooks).where(eq(platformWebhooks.companyId, companyId)),
  ]);
  return {
    companyId,
    network: network && { ...network, editable: await mayEditNetwork(app, request, network.id) },
    garage: stored(rows.garage),
    networkSetting: stored(rows.network),
    source: rows.garage ? 'garage' : rows.network ? 'network' : 'none',
    electronicAddress: siren ? `0225:${siren}` : '',
    webhook: webhook ? { callbackUrl: webhook.callbackUrl, createdAt: webhook.createdAt.toISOString() } : null,
    demo: app.testPlatform !== null,
  };
}
