/**
 * PostgreSQL's refusals of a value the client sent, by SQLSTATE: the contracts let through what JSON and zod accept
 * (an id up to 2^53, text with NUL, a year 9999 date), the columns hold less (int4 ids and amounts, text without
 * NUL). Such a request is the client's error, answered 400 in French, not a server error (issue 23's fuzzing).
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

/** The French message of a database refusal caused by a value of the request, if the error is one (Drizzle wraps it). */
export function databaseInputMessage(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in MESSAGES_BY_SQLSTATE) return MESSAGES_BY_SQLSTATE[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
