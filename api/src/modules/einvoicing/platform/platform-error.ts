/*
 * What went wrong talking to the platform, sorted the way the outbox needs it: try again later (network, 5xx, 429
 * with its Retry-After, an expired token), or a refusal the garage must fix (a 4xx with the platform's reason),
 * never retried as is.
 */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** From a 429's or a 503's Retry-After header. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A French sentence for an HTTP answer, with the platform's own error message when it gave one. */
export async function platformFailure(response: Response, what: string): Promise<PlatformError> {
  let detail = '';
  try {
    const body = (await response.json()) as { errorCode?: string; errorMessage?: string; details?: string };
    detail = [body.errorCode, body.errorMessage ?? body.details].filter(Boolean).join(' : ');
  } catch {
    detail = '';
  }
  const status = response.status;
  const retryable = status === 429 || status >= 500;
  const reason =
    status === 429
      ? 'trop de requêtes, nouvel essai plus tard'
      : status >= 500
        ? 'plateforme indisponible'
        : status === 401 || status === 403
          ? 'accès refusé (identifiant ou secret client)'
          : 'requête refusée';
  return new PlatformError(
    `${what} : ${reason} (HTTP ${status}${detail ? ` — ${detail.slice(0, 300)}` : ''})`,
    status,
    retryable,
    retryAfterMs(response.headers.get('retry-after')),
  );
}
