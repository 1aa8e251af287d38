import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { companies } from '../../src/db/schema';
import { startTestPlatform, type TestPlatform } from '../../src/test-platform/server';
import { createTestApp, ownTestGarage } from '../helpers';
import { requestProblems } from './openapi-check';

/*
 * One app listening on a real port (the platform calls its webhook), one test platform, and garages connected to
 * it: what the connector's contract tests share within a file.
 */

export interface Connected {
  companyId: number;
  cookie: string;
  siren: string;
}

export async function startConnectedApp(): Promise<{ app: FastifyInstance; platform: TestPlatform }> {
  const platform = await startTestPlatform();
  const app = await createTestApp({ testRoutes: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  // The webhook's address is built from PUBLIC_URL, as in a real deployment.
  app.config.publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, platform };
}

export async function connectedGarage(
  app: FastifyInstance,
  platform: TestPlatform,
  secret = 'secret-du-garage',
): Promise<Connected> {
  const garage = await ownTestGarage(app);
  const [row] = await app.db
    .select({ siret: companies.siret })
    .from(companies)
    .where(eq(companies.id, garage.companyId));
  const siren = (row?.siret ?? '').slice(0, 9);
  const clientId = `client-${garage.companyId}`;
  platform.addClient(clientId, secret, [siren]);
  platform.addDirectoryEntry({
    siren,
    businessName: `Garage ${garage.companyId}`,
    entityType: 'PrivateVatRegistered',
    administrativeStatus: 'A',
    lines: [{ addressingIdentifier: `0225:${siren}`, platformType: 'WK', directoryLineStatus: 'Enabled', siren }],
  });
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/company/${garage.companyId}/einvoicing`,
    headers: { cookie: garage.cookie },
    payload: {
      level: 'garage',
      platform: {
        flowUrl: platform.flowUrl,
        directoryUrl: platform.directoryUrl,
        tokenUrl: platform.tokenUrl,
        clientId,
        clientSecret: secret,
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { companyId: garage.companyId, cookie: garage.cookie, siren };
}

/** Every request the connector sent to the platform conforms to the XP Z12-013 documents. */
export function expectConformingRequests(platform: TestPlatform) {
  const sent = platform.requests.filter((request) => request.service !== 'auth');
  expect(sent.length).toBeGreaterThan(0);
  const problems = sent.flatMap((request) =>
    requestProblems({ ...request, service: request.service as 'flow' | 'directory' }).map(
      (problem) => `${request.method} ${request.path}: ${problem}`,
    ),
  );
  expect(problems).toEqual([]);
}
