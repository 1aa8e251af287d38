import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES, SERVER_PATHS } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, randomIp } from './helpers';

let app: FastifyInstance;
const staticDir = mkdtempSync(join(tmpdir(), 'api-static-'));

beforeAll(async () => {
  mkdirSync(join(staticDir, 'shell', 'dist'), { recursive: true });
  mkdirSync(join(staticDir, 'mf-folders', 'dist'), { recursive: true });
  writeFileSync(join(staticDir, 'shell', 'dist', 'index.html'), '<!doctype html><title>Shell</title>');
  writeFileSync(join(staticDir, 'shell', 'dist', 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'mf-folders', 'dist', 'remoteEntry.js'), 'var mf_folders;');
  const remotesJson = join(staticDir, 'remotes.json');
  writeFileSync(remotesJson, JSON.stringify({ mf_docs: 'https://docs.cdn.example.fr/mf/docs/remoteEntry.js' }));

  app = await createTestApp({
    config: { staticDir, remotesJson },
    beforeReady: (instance) => {
      instance.get('/api/test/boom', async () => {
        throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "root"');
      });
      instance.get('/api/test/users-only', { preHandler: instance.requirePermission('users') }, async () => ({
        ok: true,
      }));
      instance.post('/api/test/upload', async (request) => {
        const file = await request.file();
        return { size: (await file?.toBuffer())?.length ?? 0 };
      });
    },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('errors', () => {
  it('hides 5xx internals behind a French message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Erreur interne du serveur',
      statusCode: 500,
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('password');
  });

  it('answers a French JSON 404 under /api', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Ressource introuvable',
      statusCode: 404,
      requestId: response.headers['x-request-id'],
    });
  });

  it('refuses a missing permission with 403 "Accès refusé"', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    const denied = await app.inject({ method: 'GET', url: '/api/test/users-only', headers: { cookie } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Accès refusé');
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/users-only', headers: { cookie: admin } })).statusCode,
    ).toBe(200);
  });

  it('refuses uploads over 16 MB with 413 and a French message', async () => {
    const boundary = 'XBOUNDARY';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.alloc(16_777_216 + 10, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.');
  });
});

describe('CSRF', () => {
  const post = (headers: Record<string, string>, on: FastifyInstance = app) =>
    on.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: randomIp(),
      headers: { host: 'garage.example.fr', ...headers },
      payload: { email: 'x@y.fr', password: 'z' },
    });

  it('refuses a state-changing request from another origin', async () => {
    const response = await post({ origin: 'https://evil.example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Requête refusée (origine non autorisée)');
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://garage.example.fr:8080' })).statusCode).toBe(403);
  });

  it('lets same-origin requests through', async () => {
    expect((await post({ origin: 'http://garage.example.fr' })).statusCode).toBe(401);
    expect((await post({ origin: 'HTTP://Garage.Example.FR' })).statusCode).toBe(401);
    expect((await post({})).statusCode).toBe(401);
  });

  it('compares the scheme too: an https page may not post to the http server, nor the reverse', async () => {
    // This server is reached over plain http (no proxy is believed): https://garage.example.fr is another origin.
    expect((await post({ origin: 'https://garage.example.fr' })).statusCode).toBe(403);
    const behindProxy = await createTestApp({ config: { trustProxy: true } });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      expect((await post({ ...https, origin: 'https://garage.example.fr' }, behindProxy)).statusCode).toBe(401);
      expect((await post({ ...https, origin: 'https://garage.example.fr:443' }, behindProxy)).statusCode).toBe(401);
      expect((await post({ ...https, origin: 'http://garage.example.fr' }, behindProxy)).statusCode).toBe(403);
    } finally {
      await behindProxy.close();
    }
  });

  it('accepts PUBLIC_URL, the address staff open, even when the TLS proxy is not believed', async () => {
    const published = await createTestApp({ config: { publicUrl: 'https://garage.example.fr' } });
    try {
      expect((await post({ origin: 'https://garage.example.fr' }, published)).statusCode).toBe(401);
      expect((await post({ origin: 'https://autre.example.fr' }, published)).statusCode).toBe(403);
    } finally {
      await published.close();
    }
  });
});

describe('documentation and runtime configuration', () => {
  it('serves the OpenAPI document generated from the contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    expect(doc.paths).toHaveProperty('/api/company/search');
  });

  it('lists every data path outside /api in contracts, so the dev servers route it as production does', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const outside = Object.keys(doc.paths)
      .filter((path) => !path.startsWith('/api/') && path !== '/remotes.json')
      .map((path) => path.replace(/\{([^}]+)\}/g, ':$1'));
    expect(outside.sort()).toEqual(SERVER_PATHS.map((entry) => entry.path).sort());
  });

  it('serves public settings and the remotes manifest (with its override)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      partnerHosts: ['partenaire.example.fr'],
    });
    const manifest = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(Object.keys(manifest.json()).sort()).toEqual([...REMOTES].sort());
    expect(manifest.json().mf_folders).toEqual({ entry: '/mf/folders/remoteEntry.js' });
    expect(manifest.json().mf_docs).toEqual({ entry: 'https://docs.cdn.example.fr/mf/docs/remoteEntry.js' });
  });

  it('sends a CSP that admits remote origins and antd’s inline styles', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/api/config' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://docs.cdn.example.fr");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
  });
});

describe('static front ends', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves the shell for page navigations (SPA fallback), never cached', async () => {
    for (const url of ['/', '/folder/list/all', '/login', '/une/page/inconnue']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and remotes with CORS and no-cache', async () => {
    const asset = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ method: 'GET', url: '/mf/folders/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a missing file that is not a navigation', async () => {
    expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });
});

describe('pubsub', () => {
  it('delivers a notification to a listener', async () => {
    const received = new Promise<string>((resolve) => {
      void app.pubsub.listen('test_channel', resolve).then(() => app.pubsub.notify('test_channel', '{"id":1}'));
    });
    expect(await received).toBe('{"id":1}');
  });
});
