import { PlatformError, platformFailure } from './platform-error';

/*
 * OAuth2 client credentials, the only grant the XP Z12-013 APIs name: a bearer token per client, cached until a
 * little before it expires, fetched again at once when the platform says it no longer holds (401).
 */

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

const SAFETY_MS = 30_000;
const cache = new Map<string, { token: string; expiresAt: number }>();
const keyOf = (client: ClientCredentials) => `${client.tokenUrl}\n${client.clientId}\n${client.clientSecret}`;

export function forgetToken(client: ClientCredentials): void {
  cache.delete(keyOf(client));
}

export async function bearerToken(client: ClientCredentials, timeoutMs: number): Promise<string> {
  const cached = cache.get(keyOf(client));
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  let response: Response;
  try {
    response = await fetch(client.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new PlatformError(`Jeton d’accès : plateforme injoignable (${(error as Error).message})`, null, true);
  }
  if (!response.ok) throw await platformFailure(response, 'Jeton d’accès');
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new PlatformError('Jeton d’accès : réponse sans access_token', response.status, true);
  const lifetime = (body.expires_in ?? 300) * 1000;
  cache.set(keyOf(client), { token: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - SAFETY_MS) });
  return body.access_token;
}
