/**
 * Bare Fastify for `bench:load`: one JSON route, no plugin, no database. What the framework alone serves on this
 * machine with the same client, printed beside the full stack.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 4611), host: '127.0.0.1' });
