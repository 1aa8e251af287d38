import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/*
 * Checks our HTTP exchanges against the AFNOR XP Z12-013 OpenAPI 3.0.3 documents (Flow and Directory services),
 * read where the machine keeps FNFE-MPE's France_RFE (../shared beside the repository, as official-rules.ts does);
 * nothing of them is copied here. Schemas are validated by Ajv straight inside the documents, by JSON pointer, so
 * their `#/components/...` refs resolve as written.
 */

export type Service = 'flow' | 'directory';

export interface MultipartPart {
  name: string;
  contentType: string;
  text?: string;
  size: number;
}

export interface RecordedRequest {
  service: Service;
  method: string;
  /** Relative to the service root, e.g. '/v1/flows/abc', '/v1/siren/code-insee:123456789'. */
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON body, already parsed. */
  body?: unknown;
  /** multipart/form-data parts. */
  multipart?: MultipartPart[];
}

type Node = Record<string, unknown>;
type Pointer = string[];

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const API_DIR = 'FNFE_RFE_INVOICE/XP_Z12_013_API';
const CANDIDATES = [
  process.env.EINVOICING_ARTEFACTS,
  path.resolve(REPO_ROOT, '../shared/einvoicing/france-rfe'),
  '/work/shared/einvoicing/france-rfe',
].filter((dir): dir is string => Boolean(dir));
const FILES: Record<Service, string> = {
  flow: 'flow-service-1.3.0.swagger.json',
  directory: 'directory-service-1.3.0.swagger.json',
};

interface Route {
  template: string;
  regex: RegExp;
  names: string[];
}

interface Doc {
  id: string;
  root: Node;
  routes: Route[];
}

interface Operation {
  doc: Doc;
  at: Pointer;
  node: Node;
  label: string;
  pathParams: Record<string, string>;
}

// Two validators: bodies must be exact JSON, while parameters arrive as strings and are coerced to their schema type.
let engines: { exact: Ajv; coercing: Ajv; docs: Record<Service, Doc> } | undefined;

function load() {
  if (engines) return engines;
  const dir = CANDIDATES.map((base) => path.join(base, API_DIR)).find((candidate) => existsSync(candidate));
  if (!dir) throw new Error(`XP Z12-013 OpenAPI documents not found (looked in ${CANDIDATES.join(', ')})`);
  const exact = newAjv(false);
  const coercing = newAjv(true);
  const docs = {} as Record<Service, Doc>;
  for (const service of ['flow', 'directory'] as const) {
    const root = JSON.parse(readFileSync(path.join(dir, FILES[service]), 'utf8')) as Node;
    const id = `https://xp-z12-013.invalid/${FILES[service]}`;
    exact.addSchema(root, id);
    coercing.addSchema(root, id);
    docs[service] = { id, root, routes: routesOf(root) };
  }
  engines = { exact, coercing, docs };
  return engines;
}

function newAjv(coerceTypes: boolean): Ajv {
  // strict: false lets OpenAPI's own keywords (example, discriminator, xml…) through as annotations; validateSchema:
  // false because the whole document is registered as a "schema" only so that pointers into it resolve.
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes, validateSchema: false });
  addFormats(ajv); // has byte, binary, int32, int64, uuid, date-time, uri, uri-reference
  return ajv;
}

/** Literal templates first, so `/v1/flows/search` is never taken for `/v1/flows/{flowId}`. */
function routesOf(root: Node): Route[] {
  return Object.keys(root.paths as Node)
    .map((template) => {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
      const source = template
        .split(/\{[^}]+\}/)
        .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('([^/]+)');
      return { template, regex: new RegExp(`^${source}$`), names };
    })
    .sort((a, b) => a.names.length - b.names.length);
}

// --- JSON pointers into a document ---

const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function get(doc: Doc, at: Pointer): unknown {
  let node: unknown = doc.root;
  for (const segment of at) node = (node as Node | undefined)?.[segment];
  return node;
}

/** Follows local `$ref`s (parameters, request bodies, responses point into #/components), keeping where it lands. */
function follow(doc: Doc, at: Pointer): { node: Node; at: Pointer } {
  const node = get(doc, at) as Node;
  const ref = node?.$ref;
  if (typeof ref !== 'string') return { node, at };
  return follow(doc, ref.replace(/^#\//, '').split('/').map(unescapeSegment));
}

/** The schema at `at`, compiled once; its URI is percent-encoded because templates contain `{`, `}` and `:`. */
function validator(doc: Doc, at: Pointer, coerce = false): ValidateFunction {
  const fragment = at.map((segment) => `/${encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`);
  const ajv = coerce ? load().coercing : load().exact;
  const validate = ajv.getSchema(`${doc.id}#${fragment.join('')}`);
  if (!validate) throw new Error(`no schema at ${doc.id}#${fragment.join('')}`);
  return validate;
}

function schemaProblems(where: string, validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message}${detail(error)}`);
}

function detail(error: ErrorObject): string {
  const params = error.params as { allowedValues?: unknown[]; additionalProperty?: string };
  if (params.allowedValues) return ` (${params.allowedValues.join(', ')})`;
  if (params.additionalProperty) return ` (${params.additionalProperty})`;
  return '';
}

// --- operations ---

function findOperation(service: Service, method: string, requestPath: string): Operation | string {
  const doc = load().docs[service];
  const verb = method.toLowerCase();
  const matches = doc.routes.filter((route) => route.regex.test(requestPath));
  const route = matches.find((candidate) => (doc.root.paths as Record<string, Node>)[candidate.template]?.[verb]);
  if (!route) {
    return matches.length
      ? `${method.toUpperCase()} is not allowed on ${matches[0]?.template} (${service} service)`
      : `no operation ${method.toUpperCase()} ${requestPath} in the ${service} service`;
  }
  const values = route.regex.exec(requestPath)?.slice(1) ?? [];
  const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  const at = ['paths', route.template, verb];
  const node = get(doc, at) as Node;
  const label = `${method.toUpperCase()} ${route.template} (${String(node.operationId)})`;
  return { doc, at, node, label, pathParams };
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function parametersOf(operation: Operation): { node: Node; at: Pointer }[] {
  const { doc, at } = operation;
  const listed = (owner: Pointer) =>
    ((get(doc, [...owner, 'parameters']) as unknown[] | undefined) ?? []).map((_, i) =>
      follow(doc, [...owner, 'parameters', String(i)]),
    );
  const byKey = new Map<string, { node: Node; at: Pointer }>();
  for (const param of [...listed(at.slice(0, -1)), ...listed(at)])
    byKey.set(`${param.node.in}:${param.node.name}`, param);
  return [...byKey.values()];
}

function rawParameter(request: RecordedRequest, operation: Operation, param: Node) {
  const name = String(param.name);
  if (param.in === 'path') return operation.pathParams[name];
  if (param.in === 'header') return request.headers[name.toLowerCase()];
  if (param.in === 'query') return request.query[name];
  return undefined; // cookies: none in these documents
}

function parameterProblems(request: RecordedRequest, operation: Operation): string[] {
  const params = parametersOf(operation);
  const problems = params.flatMap((param) => {
    const label = `${String(param.node.in)} parameter ${String(param.node.name)}`;
    const raw = rawParameter(request, operation, param.node);
    if (raw === undefined) return param.node.required ? [`missing required ${label}`] : [];
    const value = parameterValue(operation.doc, param, raw);
    if (typeof value !== 'string' && !Array.isArray(value)) return [`${label} ${value.problem}`];
    return schemaProblems(label, validator(operation.doc, [...param.at, 'schema'], true), value);
  });
  const declared = new Set(params.filter((param) => param.node.in === 'query').map((param) => param.node.name));
  const unknown = Object.keys(request.query).filter((name) => !declared.has(name));
  return [...problems, ...unknown.map((name) => `unknown query parameter ${name} for ${operation.label}`)];
}

/** Arrays are comma-separated unless exploded (form style, the query default: one occurrence per item). */
function parameterValue(doc: Doc, param: { node: Node; at: Pointer }, raw: string | string[]) {
  const occurrences = Array.isArray(raw) ? raw : [raw];
  if (follow(doc, [...param.at, 'schema']).node.type === 'array') {
    const exploded = param.node.explode ?? param.node.in === 'query';
    return exploded ? occurrences : occurrences.flatMap((occurrence) => occurrence.split(','));
  }
  return occurrences.length === 1 ? (occurrences[0] as string) : { problem: `given ${occurrences.length} times` };
}

/** Both schemes of the documents (http bearer, OAuth2 client credentials) are carried as `Authorization: Bearer`. */
function securityProblems(request: RecordedRequest, operation: Operation): string[] {
  const requirements = (operation.node.security ?? operation.doc.root.security ?? []) as Node[];
  const open = requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0);
  if (open || /^Bearer \S+$/i.test(request.headers.authorization ?? '')) return [];
  return [`missing Authorization: Bearer <token> (${operation.label} is secured)`];
}

// --- bodies ---

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
const isJson = (type: string | undefined) => type === 'application/json' || Boolean(type?.endsWith('+json'));

function bodyProblems(request: RecordedRequest, operation: Operation): string[] {
  const sent = request.body !== undefined || request.multipart !== undefined;
  if (!operation.node.requestBody) return sent ? [`${operation.label} takes no body`] : [];
  const requestBody = follow(operation.doc, [...operation.at, 'requestBody']);
  // Neither document marks its request bodies `required`, so a missing one is only flagged when it says so.
  if (!sent) return requestBody.node.required ? [`missing request body for ${operation.label}`] : [];
  const inferred = request.multipart ? 'multipart/form-data' : 'application/json';
  const type = mediaType(request.headers['content-type']) ?? inferred;
  const content = requestBody.node.content as Node;
  if (!(type in content)) return [`content type ${type} not accepted (expected ${Object.keys(content).join(', ')})`];
  const at = [...requestBody.at, 'content', type];
  if (type === 'multipart/form-data') return multipartProblems(operation.doc, at, request.multipart);
  return schemaProblems('body', validator(operation.doc, [...at, 'schema']), request.body);
}

function multipartProblems(doc: Doc, at: Pointer, parts: MultipartPart[] | undefined): string[] {
  if (!parts) return ['multipart/form-data body without parts'];
  const schema = follow(doc, [...at, 'schema']);
  const required = (schema.node.required ?? []) as string[];
  const missing = required.filter((name) => !parts.some((part) => part.name === name));
  const properties = (schema.node.properties ?? {}) as Node;
  const partProblems = parts
    .filter((part) => part.name in properties)
    .flatMap((part) => partProblemsOf(doc, at, [...schema.at, 'properties', part.name], part));
  return [...missing.map((name) => `missing multipart part ${name}`), ...partProblems];
}

function partProblemsOf(doc: Doc, mediaAt: Pointer, schemaAt: Pointer, part: MultipartPart): string[] {
  const label = `multipart part ${part.name}`;
  const accepted = acceptedPartTypes(doc, mediaAt, schemaAt, part.name);
  const type = mediaType(part.contentType);
  if (!accepted.some((range) => typeMatches(range, type))) {
    return [`${label} has content type ${part.contentType} (expected ${accepted.join(' or ')})`];
  }
  if (!isJson(type)) return [];
  if (part.text === undefined) return [`${label} is JSON but its text was not recorded`];
  try {
    return schemaProblems(label, validator(doc, schemaAt), JSON.parse(part.text));
  } catch {
    return [`${label} is not valid JSON`];
  }
}

/**
 * The `encoding` object's contentType, which OpenAPI 3.0 allows to be a comma-separated list (the flow document's
 * file part is "application/pdf, application/xml"); without one, the defaults of the specification.
 */
function acceptedPartTypes(doc: Doc, mediaAt: Pointer, schemaAt: Pointer, name: string): string[] {
  const listed = get(doc, [...mediaAt, 'encoding', name, 'contentType']);
  if (typeof listed === 'string') return listed.split(',').map((type) => type.trim().toLowerCase());
  const schema = follow(doc, schemaAt).node;
  if (schema.format === 'binary') return ['application/octet-stream'];
  return ['string', 'number', 'integer', 'boolean'].includes(String(schema.type))
    ? ['text/plain']
    : ['application/json'];
}

function typeMatches(range: string, type: string | undefined): boolean {
  if (!type) return false;
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

// --- entry points ---

/** What does not conform in a request ([] when it conforms), in words meant for a developer. */
export function requestProblems(request: RecordedRequest): string[] {
  const operation = findOperation(request.service, request.method, request.path);
  if (typeof operation === 'string') return [operation];
  return [
    ...securityProblems(request, operation),
    ...parameterProblems(request, operation),
    ...bodyProblems(request, operation),
  ];
}

/**
 * The same for a response of an operation. A JSON value is checked against the JSON media type's schema; a binary
 * body (Uint8Array, e.g. getFlow's application/octet-stream) only needs a non-JSON media type to be documented.
 */
export function responseProblems(
  service: Service,
  method: string,
  requestPath: string,
  status: number,
  body: unknown,
): string[] {
  const operation = findOperation(service, method, requestPath);
  if (typeof operation === 'string') return [operation];
  const responses = operation.node.responses as Node;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
  if (!key) return [`status ${status} is not documented for ${operation.label}`];
  const response = follow(operation.doc, [...operation.at, 'responses', key]);
  const content = response.node.content as Node | undefined;
  const where = `${operation.label} ${status}`;
  if (!content) return body === undefined ? [] : [`${where} has no body in the document, yet one was returned`];
  if (body === undefined) return [`${where} is missing its body`];
  const types = Object.keys(content);
  if (body instanceof Uint8Array) {
    return types.some((type) => !isJson(type)) ? [] : [`${where} should be JSON, not binary`];
  }
  const json = types.find(isJson);
  if (!json) return [`${where} has no JSON media type (${types.join(', ')})`];
  const at = [...response.at, 'content', json];
  return (get(operation.doc, at) as Node).schema
    ? schemaProblems(where, validator(operation.doc, [...at, 'schema']), body)
    : [];
}
