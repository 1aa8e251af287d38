import { CENTRE_MESSAGES, PRODUCT_ID_NOT_A_NUMBER } from 'contracts';

/*
 * What every answer to a hostile request must be: no server error, no internals, a refusal in French.
 * Each check answers the problem in words (undefined when the answer is fine), so a failure names it.
 */

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Stack frames, source paths and error class names: what a leaked exception looks like. */
const INTERNALS = [
  /\n\s+at\s/,
  /\bat [\w$.<>]+ \(.*:\d+:\d+\)/,
  /node_modules/,
  /\/(?:work|home|usr|src|api)\/[\w/.-]+\.(?:ts|js|mjs)\b/,
  /\.(?:ts|js|mjs):\d+:\d+/,
  /\b(?:Type|Reference|Syntax|Range|Drizzle\w*|Database|Postgres)Error\b/,
  /\bError: /,
  /\b(?:SQLSTATE|syntax error at or near|violates \w+ constraint|relation "|column "|invalid input syntax)\b/i,
];

/**
 * English a message would carry if a framework's or zod's own text got through: zod's English defaults
 * (« Invalid input: expected string, received undefined », « Too small: expected number to be >=1 »), Fastify's
 * (« body/x must be string », « Route GET:/x not found », « Unsupported Media Type »), PostgreSQL's.
 */
const ENGLISH = [
  /\binvalid\b/i,
  /\bexpected\b/i,
  /\breceived\b/i,
  /\brequired\b/i,
  /\bmust\b/i,
  /\bshould\b/i,
  /\bnot (?:found|allowed|supported)\b/i,
  /\b(?:bad request|unauthorized|forbidden|unsupported|unexpected|too (?:small|big|large|many))\b/i,
  /\b(?:querystring|params|body|headers)\/\w/,
  /\broute\b/i,
  /\b(?:the|is|are|of|with)\b \w/,
  /\bfailed\b|\berror\b|\bcannot\b/i,
];

/**
 * The specification's own texts, kept word for word (contracts name them): the only refusals not in French. Listed
 * here so that any other English text fails.
 */
const SPEC_WORDING = new Set<string>([PRODUCT_ID_NOT_A_NUMBER, CENTRE_MESSAGES.emailInvalid]);

const isText = (answer: Answer) => /json|text|html|xml/.test(String(answer.headers['content-type'] ?? 'text'));

export function serverError(answer: Answer): string | undefined {
  return answer.statusCode >= 500 ? `réponse ${answer.statusCode} : ${answer.body.slice(0, 300)}` : undefined;
}

export function leakedInternals(answer: Answer): string | undefined {
  if (!isText(answer)) return undefined;
  const found = INTERNALS.find((pattern) => pattern.test(answer.body));
  return found ? `détails internes (${found}) : ${answer.body.slice(0, 300)}` : undefined;
}

/** The text a refusal shows: `message`, or `error` where the specification shapes it `{ code, error }`. */
export function refusalMessage(body: string): unknown {
  const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
  return parsed.message ?? parsed.error;
}

/** A refusal answers JSON with its message in French. */
export function refusalNotFrench(answer: Answer): string | undefined {
  if (answer.statusCode < 400 || answer.statusCode >= 500) return undefined;
  let message: unknown;
  try {
    message = refusalMessage(answer.body);
  } catch {
    return `refus ${answer.statusCode} sans JSON : ${answer.body.slice(0, 200)}`;
  }
  if (typeof message !== 'string' || !message.trim()) return `refus ${answer.statusCode} sans message`;
  if (SPEC_WORDING.has(message)) return undefined;
  const english = ENGLISH.find((pattern) => pattern.test(message));
  return english ? `message anglais (${english}) : « ${message} »` : undefined;
}

/** Every problem of one answer, empty when it is fine. */
export const problemsOf = (answer: Answer): string[] =>
  [serverError(answer), leakedInternals(answer), refusalNotFrench(answer)].filter(
    (problem): problem is string => problem !== undefined,
  );
