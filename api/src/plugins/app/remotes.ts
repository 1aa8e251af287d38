import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRemoteAdmission, type RemoteAdmission } from '../../lib/remotes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The remotes the shell may load, each checked against the shell's capabilities (lib/remotes.ts). */
    remotes: RemoteAdmission;
  }
}

/** Reads every remote's compatibility contract once before serving, then keeps the verdicts fresh. */
export const remotesPlugin = fp(
  async (app: FastifyInstance) => {
    const admission = createRemoteAdmission({ remotesJson: app.config.remotesJson, staticDir: app.config.staticDir });
    await admission.ready();
    app.decorate('remotes', admission);
  },
  { name: 'remotes' },
);
