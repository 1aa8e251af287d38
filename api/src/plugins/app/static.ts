import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyStatic from '@fastify/static';
import { can, findPage, isNavigationRequest, matchPath, REMOTES, SESSION_COOKIE, SHELL_PATHS } from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createPageHtml, type PageVisitor } from './page-html';

export const NOT_FOUND_MESSAGE = 'Ressource introuvable';
/** The most the page HTML waits on reading the session (a database that answers late still gets its page). */
const SESSION_READ_BUDGET_MS = 250;

// The service worker and the web app manifest too: a browser must see a new deployment's at once.
const NO_CACHE = new Set([
  'index.html',
  'remoteEntry.js',
  'remotes.json',
  'mf-manifest.json',
  'sw.js',
  'manifest.webmanifest',
]);
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|gif|webp|ico|map)$/i;

/** Hashed assets never change under their name; entry points must always be revalidated. */
function cacheControl(filePath: string): string {
  const name = basename(filePath);
  if (NO_CACHE.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/** A browser page load (as opposed to fetch/XHR data calls sharing the same path). */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path.startsWith('/mf/')) return false;
  return isNavigationRequest({
    accept: request.headers.accept,
    'sec-fetch-mode': String(request.headers['sec-fetch-mode'] ?? ''),
  });
}

const isPagePath = (path: string): boolean =>
  SHELL_PATHS.some((pattern) => matchPath(pattern, path) !== null) || findPage(path) !== undefined;

/**
 * Production: one origin serves the shell at `/`, each built remote at
 * `/mf/<name>/`, and the shell's index.html for every page navigation (SPA
 * fallback). Without builds (dev, tests) only the JSON 404 remains.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance) => {
    const shellDist = join(app.config.staticDir, 'shell', 'dist');
    const shellIndex = join(shellDist, 'index.html');
    const hasShell = existsSync(shellIndex);
    const pageHtml = hasShell
      ? createPageHtml({
          shellIndex,
          staticDir: app.config.staticDir,
          remotes: app.remotes,
        })
      : undefined;
    /**
     * Whether the session is open and the page's roles are the visitor's: its first reads are asked by the HTML only
     * in the first case, its remote preloaded only in the second (one session read per page load). The shell's own
     * pages (errors, maintenance) and a slow database do not wait on it: the HTML never waits more than a moment.
     */
    const visitorOf = async (path: string, request: FastifyRequest, reply: FastifyReply): Promise<PageVisitor> => {
      if (!request.cookies[SESSION_COOKIE]) return 'signed-out';
      const page = findPage(path);
      if (!page) return 'unchecked';
      const opened = await Promise.race([
        app.authenticate.call(app, request, reply).then(
          () => true,
          // A session to renew (an idle tab reloaded): the shell renews it and opens this very page.
          () => false,
        ),
        sleep(SESSION_READ_BUDGET_MS).then(() => false),
      ]);
      if (!opened) return 'unchecked';
      return can(request.auth.roles, page.permission) ? 'signed-in' : 'sent-elsewhere';
    };
    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const visitor = await visitorOf(path, request, reply);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pageHtml?.(path, visitor));
    };

    if (hasShell) {
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        // The build writes .br/.gz beside each asset (rspack-config's PrecompressPlugin).
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => reply.header('cache-control', cacheControl(filePath)),
      });
      // Pages win over data routes of the same path (e.g. GET /product/12) when the browser navigates.
      app.addHook('onRequest', async (request, reply) => {
        if (isNavigation(request) && isPagePath(request.url.split('?')[0] ?? '/')) return sendShell(request, reply);
      });
    }

    for (const remote of REMOTES) {
      const name = remote.replace(/^mf_/, '');
      const dist = join(app.config.staticDir, `mf-${name}`, 'dist');
      if (!existsSync(dist)) continue;
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `/mf/${name}/`,
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.header('cache-control', cacheControl(filePath));
          // A shell served from another origin may load this remote.
          res.header('access-control-allow-origin', '*');
          res.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (hasShell && isNavigation(request)) return sendShell(request, reply);
      return reply.code(404).send({ message: NOT_FOUND_MESSAGE, statusCode: 404 });
    });
  },
  { name: 'static', dependencies: ['remotes', 'auth'] },
);
