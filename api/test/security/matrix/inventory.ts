import type { FastifyInstance } from 'fastify';

/** `METHOD /path` with every parameter written `{}`: OpenAPI's `{id}` and Fastify's `:id` compare equal. */
export const normalise = (operation: string) => operation.replace(/\{[^}]+\}|:[^/]+/g, '{}');

/** The operations of the app's OpenAPI document, `METHOD /path` as the document writes them. */
export function openApiOperations(app: FastifyInstance): string[] {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/**
 * Fastify's own route table, read from `printRoutes` (one line per path segment, four characters of indentation a
 * level, the methods in brackets): what the server really answers, documented or not. HEAD, which Fastify adds to
 * every GET, is left out.
 */
export function fastifyRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
