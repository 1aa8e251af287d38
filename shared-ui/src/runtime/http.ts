import { type ErrorBody, errorBodySchema, isSignedOutPath, sessionResponseSchema } from 'contracts';
import ky, { HTTPError, type Options } from 'ky';
import type { z } from 'zod';
import { isUnreachableStatus, reportConnectionTrouble } from './connection';
import { useSession } from './session-store';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

/**
 * The one error every failed call rejects with: the server's body, or a generic message. A server error's message
 * ends with the request's reference (« Erreur interne du serveur (réf. 3f9a0c12d4e5) »): what the user reads out to
 * support finds the server's log line of that failure.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | unknown,
  ) {
    const message = extractMessage(body);
    const reference = status >= 500 && message ? requestIdIn(body) : undefined;
    super(message ? (reference ? `${message} (réf. ${reference})` : message) : DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
  }

  /** The kind of a refusal a page handles itself (`CESSION_REQUIRED_REFUSAL`), whatever its French wording. */
  get refusal(): string | undefined {
    const parsed = errorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data.refusal : undefined;
  }

  /** The form fields the refusal names (`customer.address`), for the page to highlight; empty when none. */
  get fields(): string[] {
    const parsed = errorBodySchema.safeParse(this.body);
    return parsed.success ? (parsed.data.fields ?? []) : [];
  }
}

function requestIdIn(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.requestId : undefined;
}

function extractMessage(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return parsed.data.message;
  if (body && typeof body === 'object') {
    const { detail, error } = body as { detail?: unknown; error?: unknown };
    if (typeof detail === 'string') return detail;
    if (typeof error === 'string') return error;
  }
  return undefined;
}

/**
 * Where a refused call asks the browser to go (`{ redirect: '/checkout' }`, e.g. a 401 of `jetons/create` when the
 * company has no unit left); undefined for any other failure.
 */
export function redirectOf(error: unknown): string | undefined {
  return error instanceof ApiError ? redirectIn(error.body) : undefined;
}

/** The `redirect` field of an answer's body, when it names one. */
function redirectIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { redirect } = body as { redirect?: unknown };
  return typeof redirect === 'string' && redirect !== '' ? redirect : undefined;
}

/** A message for the user: the server's text when it sent one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message !== DEFAULT_ERROR_MESSAGE) return error.message;
  return fallback;
}

/** What a refresh came to: a new session, a refusal (log in again), or no answer (offline: try later). */
type Renewal = 'renewed' | 'refused' | 'unreachable';
let refreshing: Promise<Renewal> | null = null;
/** When a renewal last found no answer: calls made offline do not each wait on another attempt. */
let unreachableAt = 0;
const RENEW_RETRY_MS = 30_000;

/** One silent refresh shared by every request that needs it at the same time. */
function refreshSession(): Promise<Renewal> {
  refreshing ??= base
    .post('api/token/refresh', { retry: 0 })
    .json()
    .then((body): Renewal => {
      useSession.getState().setToken(sessionResponseSchema.parse(body).token);
      return 'renewed';
    })
    .catch((error): Renewal => {
      // Only the server's refusal of the session ends it: a fitter offline, or a server restarting its database
      // (503), keeps the session it has and tries again later.
      const status = error instanceof HTTPError ? error.response.status : 0;
      if (status !== 401 && status !== 403) {
        unreachableAt = Date.now();
        return 'unreachable';
      }
      useSession.getState().setToken(null);
      return 'refused';
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** How long before the access window closes a call first renews the session (a slow request still gets in). */
const RENEW_AHEAD_MS = 20_000;

/** Whether the session's access window has closed, or is about to (a tab left idle): renew before the next call. */
export function sessionRenewalDue(): boolean {
  const { expiresAt } = useSession.getState();
  if (expiresAt === null || expiresAt - Date.now() > RENEW_AHEAD_MS) return false;
  return Date.now() - unreachableAt >= RENEW_RETRY_MS;
}

/**
 * Renews the session when its access window has closed or is about to, so the next call (or the notification
 * stream, which cannot renew by itself) is not refused with a 401. Says whether the session is still there: false
 * once the server refused the renewal (the session-lost handler has run); offline, the session is kept.
 */
export async function renewSessionIfDue(): Promise<boolean> {
  if (!sessionRenewalDue()) return true;
  if ((await refreshSession()) !== 'refused') return true;
  onSessionLost();
  return false;
}

/** Before a call: renew a session that is due; a call after a refused renewal must not start a second refresh. */
async function renewIfDue(request: Request): Promise<void> {
  if (NO_REFRESH.includes(pathOf(request))) return;
  // The call still goes (its page is leaving), but its 401 must not start a second refresh.
  if (!(await renewSessionIfDue())) request.headers.set('x-retried', '1');
}

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/^\//, '');

/**
 * A read the server shed (503 with Retry-After: overloaded, or its database restarting) is asked again after the
 * wait it names, twice at most, so a busy minute shows no error; a write is never replayed (the user sees the
 * French refusal and decides), nor is a network failure (the connection banner reports it).
 */
const RETRY_SHED_READS = {
  limit: 2,
  methods: ['get'],
  statusCodes: [503],
  afterStatusCodes: [503],
  maxRetryAfter: 10_000,
  shouldRetry: ({ error }: { error: Error }) =>
    error instanceof HTTPError && error.response.headers.has('retry-after') ? undefined : false,
};

const base = ky.create({ prefixUrl: '/', credentials: 'include', retry: RETRY_SHED_READS, timeout: 30_000 });

const NO_REFRESH = ['api/login', 'api/token/refresh', 'api/logout'];

/**
 * A 401 whose body names a `redirect` is the server's answer, not a lost session (no unit left: go to /checkout):
 * it reaches the caller as an ApiError, without a refresh or a trip to /login.
 */
async function carriesRedirect(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return redirectIn(body) !== undefined;
}

/** The shared HTTP client (docs/product.md): base '/', cookies, JSON unless form data, one error path. */
export const http = base.extend({
  hooks: {
    beforeRequest: [renewIfDue],
    afterResponse: [
      async (request, options, response) => {
        if (response.status !== 401 || NO_REFRESH.includes(pathOf(request)) || request.headers.has('x-retried')) return;
        if (await carriesRedirect(response)) return;
        const renewal = await refreshSession();
        if (renewal !== 'renewed') {
          if (renewal === 'refused') onSessionLost();
          return;
        }
        const retryHeaders = new Headers(options.headers);
        retryHeaders.set('x-retried', '1');
        return base(request.url, { ...options, prefixUrl: '', headers: retryHeaders });
      },
    ],
  },
});

let onSessionLost = () => {
  if (typeof window !== 'undefined' && !isSignedOutPath(window.location.pathname)) {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    window.location.assign(`/login?next=${next}`);
  }
};

/** Lets a test or a standalone remote decide what "session lost" means. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

async function toApiError(error: unknown): Promise<ApiError> {
  const apiError = await asApiError(error);
  // No answer from the application: the frame checks whether the server is still there (and says so if not).
  if (isUnreachableStatus(apiError.status)) void reportConnectionTrouble();
  return apiError;
}

async function asApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await error.response
      .clone()
      .json()
      .catch(() => undefined);
    return new ApiError(error.response.status, body);
  }
  return new ApiError(0, undefined);
}

/**
 * Runs a call and parses its answer with the contract's schema. Every failure
 * is logged once here and rejects with an ApiError; pages do not re-catch it.
 */
export async function request<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Options & { json?: unknown } = {},
): Promise<z.infer<S>> {
  try {
    const response = await http(path.replace(/^\//, ''), options);
    const body = response.status === 204 ? undefined : await response.json();
    return schema.parse(body);
  } catch (error) {
    const apiError = await toApiError(error);
    console.error(`[http] ${options.method ?? 'GET'} ${path}:`, apiError.message);
    throw apiError;
  }
}

/** A call whose answer has no body we need (204s). */
export async function send(path: string, options: Options & { json?: unknown } = {}): Promise<Response> {
  try {
    return await http(path.replace(/^\//, ''), { method: 'post', ...options });
  } catch (error) {
    const apiError = await toApiError(error);
    console.error(`[http] ${options.method ?? 'POST'} ${path}:`, apiError.message);
    throw apiError;
  }
}
