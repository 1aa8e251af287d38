import { PLATFORM_MESSAGES, type PlatformTestResult } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { platformWebhooks } from '../../db/schema';
import { invalid } from '../../lib/domain-error';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { bearerToken } from './platform/oauth-token';
import { platformClient } from './platform/platform-client';
import { garageAccess } from './platform-settings';

/*
 * « Tester la connexion »: each step a garage needs, in order, stopping at the first that fails with what the
 * platform answered: a token, the flow service, the directory (the garage itself), then the webhook the platform
 * calls when an invoice arrives (subscribed again, so a changed address or platform is taken into account).
 */

type Step = PlatformTestResult['steps'][number];

async function step(label: string, run: () => Promise<string>): Promise<Step> {
  try {
    return { label, ok: true, detail: await run() };
  } catch (error) {
    return { label, ok: false, detail: (error as Error).message };
  }
}

/** Replaces the garage's webhook by one on `callbackUrl`; the signing key is sealed like the other secrets. */
async function subscribe(
  app: FastifyInstance,
  companyId: number,
  callbackUrl: string,
  client: ReturnType<typeof platformClient>,
  flowUrl: string,
) {
  const [old] = await app.db.select().from(platformWebhooks).where(eq(platformWebhooks.companyId, companyId));
  if (old) await client.deleteWebhook(old.webhookId).catch(() => undefined);
  const created = await client.createWebhook(callbackUrl);
  if (!created.webhookId || !created.signingKey)
    throw new Error('La plateforme n’a pas donné d’identifiant ou de clé de signature');
  const values = {
    webhookId: created.webhookId,
    signingKey: sealSecret(app.senders.key, created.signingKey),
    callbackUrl,
    platformUrl: flowUrl,
  };
  await app.db
    .insert(platformWebhooks)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: platformWebhooks.companyId, set: { ...values, createdAt: new Date() } });
  return `Abonné : la plateforme appellera ${callbackUrl}`;
}

export async function testConnection(
  app: FastifyInstance,
  companyId: number,
  callbackUrl: string,
): Promise<PlatformTestResult> {
  const garage = await garageAccess(app.db, app.senders.key, companyId);
  if (!garage) throw invalid(PLATFORM_MESSAGES.notConfigured);
  const client = platformClient(garage.access, garage.organizationId);
  const plan: [string, () => Promise<string>][] = [
    [
      'Jeton d’accès (OAuth2)',
      async () => {
        await bearerToken(garage.access, 15_000);
        return 'Jeton obtenu';
      },
    ],
    [
      'Service des flux',
      async () => {
        await client.health('flow');
        return 'Répond';
      },
    ],
    [
      'Annuaire',
      async () => {
        await client.health('directory');
        const unit = await client.companyBySiren(garage.organizationId);
        const lines = await client.directoryLines(garage.organizationId);
        const active = lines.find((line) => line.directoryLineStatus === 'Enabled');
        return `${unit.businessName ?? 'SIREN'} ${garage.organizationId} : ${
          active
            ? `reçoit les factures à l’adresse ${active.addressingIdentifier}`
            : 'aucune adresse active dans l’annuaire'
        }`;
      },
    ],
    ['Réception des factures (webhook)', () => subscribe(app, companyId, callbackUrl, client, garage.access.flowUrl)],
  ];
  const steps: Step[] = [];
  for (const [label, run] of plan) {
    const done = await step(label, run);
    steps.push(done);
    if (!done.ok) break;
  }
  return { ok: steps.length === plan.length && steps.every((each) => each.ok), steps };
}

/** The webhook's signing key, opened, and the URL it was made for; null when the garage subscribed none. */
export async function webhookKey(app: FastifyInstance, companyId: number) {
  const [row] = await app.db.select().from(platformWebhooks).where(eq(platformWebhooks.companyId, companyId));
  const key = row ? openSecret(app.senders.key, row.signingKey) : null;
  return key ? Buffer.from(key, 'base64') : null;
}
