import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` once the answer has left. For a neutral answer whose cost must not depend on what it hides:
     * « Mot de passe oublié ? » answers every address at once, then looks the account up and writes its mail.
     * A failure is logged, never shown (the answer is gone).
     */
    afterAnswer(reply: FastifyReply, work: () => Promise<void>): void;
    /** Resolves once every work started so far has ended (closing, and tests reading what it wrote). */
    answeredWork(): Promise<void>;
  }
}

export const afterAnswerPlugin = fp(
  async (app: FastifyInstance) => {
    const pending = new Set<Promise<void>>();

    app.decorate('afterAnswer', (reply: FastifyReply, work: () => Promise<void>) => {
      const job: Promise<void> = new Promise<void>((resolve) => {
        finished(reply.raw, () => resolve());
      })
        .then(work)
        .catch((error: unknown) => reply.log.error({ err: error }, 'work after the answer failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    });

    app.decorate('answeredWork', async () => {
      // A work may start another: wait until none is left.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    });

    // Before the close hooks (run last-registered first), so the database is still open for what is left.
    app.addHook('preClose', async () => app.answeredWork());
    app.addHook('onClose', async () => app.answeredWork());
  },
  { name: 'after-answer' },
);
