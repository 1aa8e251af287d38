import fc from 'fast-check';
import {
  ANY_JSON_VALUES,
  EDGE_NUMBERS,
  hostileNumber,
  hostileParam,
  hostileText,
  PAGING_JSON,
  RAW_BODIES,
  RAW_URL_PIECES,
} from './hostile-values';

/*
 * Requests generated from the OpenAPI document the app builds from its zod contracts: every operation,
 * its path, query and JSON body, filled with hostile values. Two kinds:
 * - `invalid`: at least one part breaks the contract (a wrong type, past a limit, a broken body), so a write must be
 *   refused before it changes anything;
 * - `hostile`: every part has the contract's shape but carries hostile content (NUL, SQL-looking text, huge numbers
 *   within the schema's limits), so it reaches the handlers and the database.
 */

/** The subset of JSON Schema that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } } | undefined
    >
  >;
}

/** Every operation of the document, in its order (so a seed replays the same requests). */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

export const isWrite = (operation: Operation) => operation.method !== 'GET' && operation.method !== 'HEAD';

// ---------------------------------------------------------------------------------------------------------------
// Values of the schema's shape with hostile content.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Cut or pad a text to the schema's lengths, so it passes them and reaches the handler. */
function fitLength(text: string, schema: JsonSchema): string {
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const cut = text.length > max ? text.slice(0, max) : text;
  return cut.length < (schema.minLength ?? 0) ? cut.padEnd(schema.minLength ?? 0, 'x') : cut;
}

const HOSTILE_DATES = ['9999-12-31', '0001-01-01', '2026-02-29', '2026-13-45', '2026-00-00', '1900-01-01'];
const HOSTILE_DATE_TIMES = [
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  '2026-02-28T24:00:00+14:00',
  '1970-01-01T00:00:00.000000001Z',
];

function shapedText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.constantFrom(...HOSTILE_DATE_TIMES);
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return fc.constantFrom(...HOSTILE_DATES);
  if (schema.format === 'email') {
    return fc.oneof(fc.emailAddress(), fc.constantFrom("a'--@x.fr", 'a\u0000b@x.fr', 'é@ü.fr'));
  }
  const text = hostileText.map((value) => fitLength(value, schema));
  if (!schema.pattern) return text;
  // Half the texts match the pattern (they get past validation), half are free (they must be refused).
  return fc.oneof(
    fc.stringMatching(new RegExp(schema.pattern)).map((value) => fitLength(value, schema)),
    text,
  );
}

function shapedNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -MAX_SAFE;
  const max = schema.maximum ?? MAX_SAFE;
  const inRange = (value: number) =>
    value >= min && value <= max && (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum);
  const edges = [min, max, ...EDGE_NUMBERS].filter(inRange);
  const integer = schema.type === 'integer';
  const wanted = edges.filter((value) => !integer || Number.isInteger(value));
  const free = integer
    ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
    : hostileNumber.filter(inRange);
  return wanted.length ? fc.oneof(fc.constantFrom(...wanted), free) : free;
}

/** A value of the schema's shape: the right types, within limits where a limit exists, hostile inside. */
export function shaped(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const value = shapedNonNull(schema, depth);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function shapedNonNull(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => shaped(branch, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return shapedText(schema);
    case 'integer':
    case 'number':
      return shapedNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, depth > 2 ? minLength : 3));
      return fc.array(shaped(schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, shaped(property, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.constantFrom(...ANY_JSON_VALUES);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Values the schema refuses.

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** The JSON types a schema admits (`integer` admits no fraction, `number` admits integers too). */
function admittedTypes(schema: JsonSchema): Set<JsonType> | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  let types: Set<JsonType> | undefined;
  if (branches) {
    types = new Set();
    for (const branch of branches) {
      const admitted = admittedTypes(branch);
      if (!admitted) return undefined;
      for (const type of admitted) types.add(type);
    }
  } else if (schema.type) {
    types = new Set([schema.type]);
  } else if (schema.enum) {
    types = new Set(schema.enum.map(jsonTypeOf));
  } else {
    return undefined;
  }
  if (schema.nullable) types.add('null');
  return types;
}

/** The JSON type of a raw body, if it parses (`null`, `"texte"`, `[]`), else undefined. */
function rawJsonType(payload: string): JsonType | undefined {
  try {
    return jsonTypeOf(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/*
 * Wrong types a schema refuses even where the contract coerces (`z.coerce.number()` reads true, [], [5] and null as
 * numbers): text that is no number, objects, arrays of two. A number is never offered where text is admitted.
 */
const WRONG_FOR_NUMBER: unknown[] = ['texte', "' OR 1=1 --", {}, [1, 2], { $gt: '' }];

function violations(schema: JsonSchema): unknown[] {
  const admitted = admittedTypes(schema);
  if (!admitted) return [];
  const numeric = admitted.has('number') || admitted.has('integer');
  const values = ANY_JSON_VALUES.filter((value) => {
    const type = jsonTypeOf(value);
    if (admitted.has(type) || (type === 'integer' && admitted.has('number'))) return false;
    if (numeric) return WRONG_FOR_NUMBER.includes(value);
    // Text may be read from a number or a boolean by a coercing schema: offer objects and arrays only there.
    if (admitted.has('string')) return type === 'object' || type === 'array';
    return true;
  });
  if (schema.enum && !schema.anyOf) values.push("' OR 1=1 --");
  if (schema.type === 'integer') values.push(1.5);
  if (schema.type === 'string' && schema.maxLength !== undefined && !schema.enum) {
    values.push('x'.repeat(schema.maxLength + 1));
  }
  if ((schema.type === 'integer' || schema.type === 'number') && schema.maximum !== undefined) {
    if (schema.maximum < MAX_SAFE) values.push(schema.maximum + 1);
  }
  if ((schema.type === 'integer' || schema.type === 'number') && schema.minimum !== undefined) {
    if (schema.minimum > -MAX_SAFE) values.push(schema.minimum - 1);
  }
  return values;
}

/** A body the schema refuses: one field with a value it cannot take (the rest hostile but shaped), or the wrong root. */
export function invalidBody(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const candidates: fc.Arbitrary<unknown>[] = [];
  const properties = schema.properties ?? {};
  const breakable = Object.entries(properties).filter(([, property]) => violations(property).length > 0);
  if (schema.type === 'object' && breakable.length) {
    candidates.push(
      fc
        .constantFrom(...breakable)
        .chain(([key, property]) =>
          fc
            .tuple(shaped(schema), fc.constantFrom(...violations(property)))
            .map(([body, wrong]) => ({ ...(body as object), [key]: wrong })),
        ),
    );
  }
  const rootViolations = violations(schema);
  if (rootViolations.length) candidates.push(fc.constantFrom(...rootViolations));
  return candidates.length ? fc.oneof(...candidates) : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Whole requests.

/** Percent-encodes any text, lone surrogates included (written as U+FFFD, as a browser would). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** A value already written for the URL: encoded text, or one of the raw pieces as it is. */
const urlValue = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: value.map(percentEncode), weight: 6 },
    { arbitrary: fc.constantFrom(...RAW_URL_PIECES), weight: 1 },
  );

/** A query or path value: what the schema expects (as text) or anything hostile. */
function paramValue(parameter: Parameter, valid: string | undefined, mode: FuzzMode): fc.Arbitrary<string> {
  const asText = shaped(parameter.schema).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const expected = valid === undefined ? asText : fc.oneof(fc.constant(valid), asText);
  if (mode === 'hostile' || (mode === 'valid-ids' && parameter.in === 'path')) return expected.map(percentEncode);
  const free = ['filters', 'columnsMap'].includes(parameter.name)
    ? fc.oneof(fc.constantFrom(...PAGING_JSON), hostileParam)
    : hostileParam;
  if (mode === 'hostile-ids' && parameter.in === 'path') return urlValue(free);
  return fc.oneof({ arbitrary: expected.map(percentEncode), weight: 1 }, { arbitrary: urlValue(free), weight: 2 });
}

/** Keys no route reads, some aimed at the query parser's objects. */
const EXTRA_QUERY = ['__proto__[admin]=true', 'constructor[prototype][admin]=true', 'page=1&page=2', 'a[b][c][d][e]=1'];

/**
 * - `invalid`: hostile ids and query values, a body the contract refuses (for reads and refused writes);
 * - `hostile-ids`: the same, path ids never the test's own (for writes without a JSON body, which nothing else stops);
 * - `valid-ids`: the test's own ids in the path, the rest as `invalid`;
 * - `hostile`: everything shaped as the contract says, hostile inside (the writes that may be accepted).
 */
export type FuzzMode = 'invalid' | 'hostile-ids' | 'valid-ids' | 'hostile';

export interface FuzzContext {
  cookie: string;
  /** A valid value for a path parameter of this operation (the test garage's own ids), if any. */
  validParam: (operation: Operation, name: string) => string | undefined;
  /** The test garage's own ids: a `hostile-ids` request never names one, even when a random number falls on it. */
  ownIds: readonly string[];
}

/** Whether a path value, as the server will read it (decoded, `0305` or ` 305` as 305), is one of `ids`. */
function namesOneOf(value: string, ids: readonly string[]): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return false;
  }
  return ids.some((id) => decoded === id || (decoded !== '' && Number(decoded) === Number(id)));
}

export function requestsFor(operation: Operation, mode: FuzzMode, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc.tuple(
    ...pathParameters.map((parameter) =>
      paramValue(parameter, mode === 'hostile-ids' ? undefined : context.validParam(operation, parameter.name), mode)
        // `.` and `..` (even as %2E) are dot segments the URL parser removes before sending: another route is reached.
        .filter((value) => !/^(?:\.|%2e){1,2}$/i.test(value))
        .filter((value) => mode !== 'hostile-ids' || !namesOneOf(value, context.ownIds)),
    ),
  );
  const query = fc.tuple(
    ...queryParameters.map((parameter) =>
      fc.option(
        paramValue(parameter, undefined, mode).map((value) => `${parameter.name}=${value}`),
        // A required one stays most of the time, so the rest of the request gets looked at.
        { nil: undefined, freq: parameter.required ? 8 : 3 },
      ),
    ),
  );
  const extra = mode === 'hostile' ? fc.constant(undefined) : fc.option(fc.constantFrom(...EXTRA_QUERY), { freq: 4 });
  return fc.tuple(path, query, extra, bodyFor(operation, mode)).map(([pathValues, queryValues, extraQuery, body]) => {
    let url = operation.path;
    pathParameters.forEach((parameter, index) => {
      url = url.replace(`{${parameter.name}}`, pathValues[index] ?? '');
    });
    const search = [...queryValues.filter((value) => value !== undefined), ...(extraQuery ? [extraQuery] : [])];
    return {
      method: operation.method,
      url: search.length ? `${url}?${search.join('&')}` : url,
      headers: { cookie: context.cookie, ...body.headers },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    };
  });
}

interface Body {
  headers: Record<string, string>;
  payload?: string;
}

const json = (value: unknown): Body => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value),
});

function bodyFor(operation: Operation, mode: FuzzMode): fc.Arbitrary<Body> {
  if (!isWrite(operation)) return fc.constant({ headers: {} });
  if (operation.body && mode === 'hostile') return shaped(operation.body).map(json);
  // A raw root the schema admits (`null` where the body is optional) is no broken body; objects stay (their keys are
  // what is hostile: `__proto__`, a body past the size limit).
  const admitted = operation.body ? admittedTypes(operation.body) : undefined;
  const rawBodies = RAW_BODIES.filter((payload) => {
    const type = rawJsonType(payload);
    return type === undefined || type === 'object' || !admitted?.has(type);
  });
  const broken: fc.Arbitrary<Body>[] = [
    fc.constantFrom(...rawBodies).map((payload) => ({ headers: { 'content-type': 'application/json' }, payload })),
    hostileText.map((payload) => ({ headers: { 'content-type': 'text/plain' }, payload })),
  ];
  if (!operation.body) return fc.oneof(fc.constant({ headers: {} }), ...broken);
  const refused = invalidBody(operation.body);
  // A body schema that refuses nothing (all optional, any type) is sent broken bodies only.
  return refused ? fc.oneof({ arbitrary: refused.map(json), weight: 4 }, ...broken) : fc.oneof(...broken);
}
