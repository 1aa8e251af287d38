import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { unsignedToken } from '../test/unsigned-token';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  errorMessage,
  redirectOf,
  request,
  send,
  setSessionLostHandler,
} from './http';
import { useSession } from './session-store';

interface Seen {
  path: string;
  method: string;
  contentType: string | null;
  retried: boolean;
  body: string;
}

type Reply = (path: string, count: number) => Response;

let seen: Seen[] = [];
function server(reply: Reply) {
  const counts = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      seen.push({
        path,
        method: input.method,
        contentType: input.headers.get('content-type'),
        retried: input.headers.has('x-retried'),
        body: await input.text(),
      });
      return reply(path, count);
    }),
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const claims = {
  name: 'Julie Martin',
  email: 'julie@garage-lyon.fr',
  roles: ['ROLE_POSEUR_ADMIN'],
  companyId: 3,
  franchiseId: null,
  companies: [{ id: 3, name: 'Garage de Lyon', roles: ['ROLE_POSEUR_ADMIN'] }],
  jeton: 12,
  isReferent: false,
};

let lost: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  seen = [];
  lost = vi.fn<() => void>();
  setSessionLostHandler(lost);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request', () => {
  it('sends JSON with a JSON content type, relative to /', async () => {
    server(() => json({ ok: true }));
    const answer = await request('/api/contact-access-log/create', z.object({ ok: z.boolean() }), {
      method: 'post',
      json: { folderId: 12, type: 'phone' },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ path: '/api/contact-access-log/create', method: 'POST' });
    expect(seen[0]?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ folderId: 12, type: 'phone' });
  });

  it('lets the browser set a multipart content type for FormData', async () => {
    server(() => new Response(null, { status: 204 }));
    const body = new FormData();
    body.append('appointment[comment]', 'RDV pare-brise AB-123-CD');
    await send('/api/folder/12/appointment/update', { body });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('RDV pare-brise AB-123-CD');
  });

  it('rejects with the message of the server body', async () => {
    server(() => json({ message: 'Dossier introuvable', statusCode: 404 }, 404));
    const error = await request('/api/folder/999', z.unknown()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Dossier introuvable');
    expect(errorMessage(error, 'Erreur')).toBe('Dossier introuvable');
  });

  it('ends a server error with its request reference, never a refusal', async () => {
    server((path) =>
      path === '/api/boom'
        ? json({ message: 'Erreur interne du serveur', statusCode: 500, requestId: '3f9a0c12d4e5' }, 500)
        : json({ message: 'Dossier introuvable', statusCode: 404, requestId: '77aa00bb11cc' }, 404),
    );
    const failed = await request('/api/boom', z.unknown()).catch((caught: unknown) => caught);
    expect(errorMessage(failed, 'Erreur')).toBe('Erreur interne du serveur (réf. 3f9a0c12d4e5)');
    const refused = await request('/api/folder/9', z.unknown()).catch((caught: unknown) => caught);
    expect(errorMessage(refused, 'Erreur')).toBe('Dossier introuvable');
  });

  it('asks a shed read again after the Retry-After the server names, and answers its data', async () => {
    const shed = () =>
      new Response(JSON.stringify({ message: 'Le serveur est très chargé', statusCode: 503 }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      });
    server((_path, count) => (count < 3 ? shed() : json({ ok: true })));
    await expect(request('/api/folder/list', z.object({ ok: z.boolean() }))).resolves.toEqual({ ok: true });
    expect(seen.map((call) => call.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('never replays a shed write, nor a 503 that names no wait', async () => {
    const unavailable = (retryAfter?: string) =>
      new Response(JSON.stringify({ message: 'Le serveur est très chargé', statusCode: 503 }), {
        status: 503,
        headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
      });
    server((path) => (path === '/api/paiement' ? unavailable('0') : unavailable()));
    const write = await send('/api/paiement', { method: 'post', json: { amount: 1 } }).catch(
      (caught: unknown) => caught,
    );
    expect(write).toBeInstanceOf(ApiError);
    const read = await request('/api/folder/list', z.unknown()).catch((caught: unknown) => caught);
    expect(errorMessage(read, 'Erreur')).toContain('Le serveur est très chargé');
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/paiement', 'GET /api/folder/list']);
  });

  it('reads legacy {detail} / {error} bodies too', async () => {
    server(() => json({ detail: 'Centre déjà existant' }, 400));
    await expect(request('/api/x', z.unknown())).rejects.toThrow('Centre déjà existant');
  });

  it('rejects with "Something went wrong" when the body has no message', async () => {
    server(() => new Response('<html>502</html>', { status: 502 }));
    const error = await request('/api/folder/1', z.unknown()).catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(DEFAULT_ERROR_MESSAGE).toBe('Something went wrong');
    expect(errorMessage(error, 'Erreur lors du chargement des centres')).toBe('Erreur lors du chargement des centres');
  });

  it('refreshes once on 401 and retries the call', async () => {
    const fresh = unsignedToken(claims);
    server((path, count) => {
      if (path === '/api/token/refresh') return json({ token: fresh });
      return count === 1 ? json({ message: 'Expiré' }, 401) : json({ unread: 3 });
    });
    const answer = await request('/api/notifications/unread-nbre', z.object({ unread: z.number() }));
    expect(answer).toEqual({ unread: 3 });
    expect(seen.map((call) => call.path)).toEqual([
      '/api/notifications/unread-nbre',
      '/api/token/refresh',
      '/api/notifications/unread-nbre',
    ]);
    expect(seen[2]?.retried).toBe(true);
    expect(useSession.getState().claims?.name).toBe('Julie Martin');
    expect(lost).not.toHaveBeenCalled();
  });

  it('renews a session whose window has closed before the call, so the call is never refused', async () => {
    useSession.setState({ token: unsignedToken(claims), claims, expiresAt: Date.now() - 1_000 });
    const fresh = unsignedToken({ ...claims, iat: 1_000, exp: 1_900 });
    server((path) => (path === '/api/token/refresh' ? json({ token: fresh }) : json({ unread: 3 })));
    const answer = await request('/api/users', z.object({ unread: z.number() }));
    expect(answer).toEqual({ unread: 3 });
    expect(seen.map((call) => call.path)).toEqual(['/api/token/refresh', '/api/users']);
    // The new token's 15 minutes counted on this browser's clock (the server's may be off).
    const left = (useSession.getState().expiresAt ?? 0) - Date.now();
    expect(left).toBeGreaterThan(899_000);
    expect(left).toBeLessThanOrEqual(900_000);
    expect(lost).not.toHaveBeenCalled();
  });

  it('says the session is lost once when the renewal is refused', async () => {
    useSession.setState({ token: unsignedToken(claims), claims, expiresAt: Date.now() - 1_000 });
    server((path) => (path === '/api/token/refresh' ? json({ message: 'Session expirée' }, 401) : json({}, 401)));
    await expect(request('/api/users', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(seen.filter((call) => call.path === '/api/token/refresh')).toHaveLength(1);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('keeps the session when the renewal finds no network, and sends the call as it is', async () => {
    useSession.setState({ token: unsignedToken(claims), claims, expiresAt: Date.now() + 5_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        seen.push({
          path: new URL(input.url).pathname,
          method: input.method,
          contentType: null,
          retried: false,
          body: '',
        });
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('/api/fitter/tasks', z.unknown())).rejects.toMatchObject({ status: 0 });
    // The next call offline does not wait on another attempt (one every 30 s).
    await expect(request('/api/fitter/tasks', z.unknown())).rejects.toMatchObject({ status: 0 });
    expect(seen.map((call) => call.path)).toEqual(['/api/token/refresh', '/api/fitter/tasks', '/api/fitter/tasks']);
    expect(useSession.getState().claims?.name).toBe('Julie Martin');
    expect(lost).not.toHaveBeenCalled();
  });

  it('shares one refresh between simultaneous 401s', async () => {
    server((path, count) => {
      if (path === '/api/token/refresh') return json({ token: unsignedToken(claims) });
      return count === 1 ? json({ message: 'Expiré' }, 401) : json({ ok: true });
    });
    const schema = z.object({ ok: z.boolean() });
    await Promise.all([request('/api/a', schema), request('/api/b', schema)]);
    expect(seen.filter((call) => call.path === '/api/token/refresh')).toHaveLength(1);
  });

  it('calls the session-lost handler when the refresh fails', async () => {
    server((path) => (path === '/api/token/refresh' ? json({ message: 'Session expirée' }, 401) : json({}, 401)));
    await expect(request('/api/folder/1', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('does not loop when the retried call is refused again', async () => {
    server((path) =>
      path === '/api/token/refresh' ? json({ token: unsignedToken(claims) }) : json({ message: 'Interdit' }, 401),
    );
    await expect(request('/api/folder/1', z.unknown())).rejects.toThrow('Interdit');
    expect(seen.filter((call) => call.path === '/api/token/refresh')).toHaveLength(1);
    expect(seen.filter((call) => call.path === '/api/folder/1')).toHaveLength(2);
  });

  it('hands a 401 that names a redirect to the caller: no refresh, no session lost', async () => {
    server(() => json({ message: 'Solde d’unités insuffisant', redirect: '/checkout', statusCode: 401 }, 401));
    const error = await request('/api/folder/12/jetons/create', z.unknown(), {
      method: 'post',
      json: { companyId: 3, scope: 'quotation' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Solde d’unités insuffisant');
    expect((error as ApiError).body).toMatchObject({ redirect: '/checkout' });
    expect(redirectOf(error)).toBe('/checkout');
    expect(seen.map((call) => call.path)).toEqual(['/api/folder/12/jetons/create']);
    expect(lost).not.toHaveBeenCalled();
  });

  it('knows no redirect in any other failure', async () => {
    server(() => json({ message: 'Dossier introuvable', statusCode: 404 }, 404));
    const error = await request('/api/folder/999', z.unknown()).catch((caught: unknown) => caught);
    expect(redirectOf(error)).toBeUndefined();
    expect(redirectOf(new Error('x'))).toBeUndefined();
  });

  it('never tries to refresh a failed login', async () => {
    server(() => json({ message: 'Identifiants invalides' }, 401));
    await expect(request('/api/login', z.unknown(), { method: 'post', json: {} })).rejects.toThrow(
      'Identifiants invalides',
    );
    expect(seen).toHaveLength(1);
    expect(lost).not.toHaveBeenCalled();
  });
});
