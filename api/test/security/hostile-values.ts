import fc from 'fast-check';

/*
 * What a hostile or careless client types into any field: SQL-looking text, unicode the database or a
 * terminal may choke on, numbers at and past every limit. Each list is data so a failure names the value.
 */

/** Text that would change a query if it were ever concatenated into SQL, LIKE or JSON. */
export const SQL_LOOKING = [
  "' OR 1=1 --",
  '"; drop table folders; --',
  '1; select pg_sleep(5) --',
  "') union select password_hash, email from users --",
  "%' and '1'='1",
  '%',
  '_',
  '\\',
  '$1',
  '::int',
  "'||(select current_user)||'",
  '{"$gt": ""}',
];

/** Right-to-left override, zero-width characters, emoji sequences, combining marks, NUL, a lone surrogate... */
export const UNICODE = [
  '\u0000',
  'Dupont\u0000--',
  'مرحبا بالعالم \u202eevil.pdf',
  '\u200b\u200c\u200d\u2060\ufeff',
  '👨‍👩‍👧‍👦🚗💥',
  'e\u0301\u0301\u0301',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕏𝔸𝕄',
  '\ud800',
  '\r\n\t\u000b\u000c',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '%s%n%x',
  '   ',
  '',
];

/** Numbers around every boundary the API or the database has (int32 ids, 2^53, floats, signs). */
export const EDGE_NUMBERS = [
  -1, 0, -0, 1.5, -2_147_483_649, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_991, 9_007_199_254_740_992, 1e308,
  -1e308, 5e-324,
];

/** The same as a query string or a path carries them, with forms `Number()` reads differently from PostgreSQL. */
export const NUMBER_LOOKING_TEXT = [
  ...EDGE_NUMBERS.map(String),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '1e3',
  ' 12 ',
  '١٢',
  '12abc',
  '99999999999999999999999999',
];

const HUGE_TEXT = 'x'.repeat(100_000);
const HUGE_ACCENTED = 'é€'.repeat(20_000);

/** Any text of the lists above, a huge one, or random text of any code unit (NUL and lone surrogates included). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL_LOOKING, ...UNICODE, ...NUMBER_LOOKING_TEXT), weight: 6 },
  { arbitrary: fc.constantFrom(HUGE_TEXT, HUGE_ACCENTED), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
);

/** A JSON number at a boundary, or any integer or double (NaN and infinities become null in JSON). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

/** What a query string or a path segment may carry. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileText, weight: 2 },
  { arbitrary: fc.constantFrom(...NUMBER_LOOKING_TEXT), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
);

/** Values of every JSON type, hostile ones among them, for a field whose type is wrong. */
export const ANY_JSON_VALUES: unknown[] = [
  {},
  [],
  [1, 2],
  'texte',
  "' OR 1=1 --",
  12.5,
  -1,
  true,
  null,
  { $gt: '' },
  ['\u0000'],
];

/** Paging JSON (`filters`, `columnsMap`) a client may forge: SQL in keys and values, wrong shapes, deep nesting. */
export const PAGING_JSON = [
  '{"0":"\' OR 1=1 --"}',
  '["id; drop table folders --","number"]',
  '["number","number","number"]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"99999999999":"x","-1":"y","NaN":"z"}',
  '[null,{},[],1e999,true]',
  '{"0":{"$gt":""},"1":["a"],"2":12}',
  '{"0":"\\u0000"}',
  `${'['.repeat(900)}${']'.repeat(900)}`,
  '{"0":',
  'null',
  '"texte"',
];

/**
 * Pieces written into the URL as they are, without percent-encoding: broken escapes and encoded traversal, which the
 * router and the query parser must refuse or read as plain text.
 */
export const RAW_URL_PIECES = [
  '%',
  '%E0%A4%A',
  '%C3%28',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%2f..%2fetc%2fpasswd',
  '%uD800',
];

/** Bodies that are not the JSON a route reads: broken, prototype pollution, too deep, too big (over 1 MiB). */
export const RAW_BODIES = [
  '{"a":',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'a'.repeat(1_100_000)}"}`,
  'null',
  '"texte"',
  '[]',
];
