/**
 * PostgreSQL's refusals of a value the client sent, by SQLSTATE: the contracts let through what JSON and zod accept
 * (an id up to 2^53, text with NUL, a year 9999 date), the columns hold less (int4 ids and amounts, text without
 * NUL). Such a request is the client's error, answered 400 in French, not a server error (the API fuzzing tests).
 */
const MESSAGES_BY_SQLSTATE: Record<string, string> = {
  // numeric_value_out_of_range: an id or a quantity past the column's integer.
  '22003': 'Une valeur numérique envoyée dépasse les limites acceptées.',
  // character_not_in_repertoire: a NUL character (\u0000) in text; untranslatable_character: the same in JSON.
  '22021': 'Le texte envoyé contient un caractère non autorisé.',
  '22P05': 'Le texte envoyé contient un caractère non autorisé.',
  // datetime_field_overflow and invalid_datetime_format: a date the calendar or the column cannot hold.
  '22008': 'Date hors des limites acceptées.',
  '22007': 'Date invalide.',
  // string_data_right_truncation: text longer than its column.
  '22001': 'Le texte envoyé est trop long.',
};

/** An error and the causes it wraps (Drizzle wraps the driver's error), outermost first, at most five. */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The French message of a database refusal caused by a value of the request, if the error is one. */
export function databaseInputMessage(error: unknown): string | undefined {
  for (const { code } of errorChain(error)) {
    if (typeof code === 'string' && code in MESSAGES_BY_SQLSTATE) return MESSAGES_BY_SQLSTATE[code];
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'La base de données ne répond pas : réessayez dans quelques secondes.';

/** Network errors of the driver's socket, and the server's own « connection exception » and shutdown states. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|Connection ended|timeout exceeded when trying to connect/i;

/**
 * Whether the database could not be reached (restarting, failing over, the network cut): not the request's fault
 * nor a bug, a 503 the client may try again (SQLSTATE class 08 is « connection exception »).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
