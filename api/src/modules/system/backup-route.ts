import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { dumpDatabase, pgliteOf } from '../../db/backup';
import { BACKUP_TOKEN_HEADER, removeControl, writeControl } from '../../db/backup-control';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

/*
 * `GET /api/system/backup`: the embedded database's archive, for `pnpm backup` on the same machine only (
 * docs/decisions.md). The server holds the data directory, so it takes the copy itself; the caller proves it can
 * read the server's files (the token of `<DATA_DIR>.control`) and calls from the loopback socket (the socket's
 * address, never X-Forwarded-For). Anyone else gets the 404 of an unknown address. Only on PGlite kept on disk.
 */
export const backupRoute: FastifyPluginAsync = async (app) => {
  const client = pgliteOf(app.db);
  const { dataDir } = app.config;
  if (!client || dataDir.startsWith('memory://')) return;
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) writeControl(dataDir, { pid: process.pid, port: address.port, token });
  });
  app.addHook('onClose', async () => removeControl(dataDir));

  app.get('/api/system/backup', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const presented = request.headers[BACKUP_TOKEN_HEADER];
    const allowed =
      LOOPBACK.has(request.socket.remoteAddress ?? '') &&
      typeof presented === 'string' &&
      timingSafeEqual(digest(presented), expected);
    if (!allowed) return reply.callNotFound();
    const started = performance.now();
    const archive = Buffer.from(await (await dumpDatabase(client)).arrayBuffer());
    request.log.info({ bytes: archive.length, ms: Math.round(performance.now() - started) }, 'backup taken');
    return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(archive);
  });
};
