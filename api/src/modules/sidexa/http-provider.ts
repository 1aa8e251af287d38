import { normalizePlate, sidexaLineSchema, sidexaResultSchema } from 'contracts';
import { z } from 'zod';
import { noResultText } from './catalogue/vehicles';
import { ProviderUnavailableError, type VehicleAnswer, type VehicleDataProvider } from './provider';

/*
 * The adapter of a real vehicle-data account (SIDEXA_URL, SIDEXA_API_KEY). What it speaks:
 *
 *   GET  {url}/vehicles?registration=AB123CD[&vin=VF1...]        Authorization: Bearer {key}
 *        200 a result (contracts `sidexaResultSchema`)           -> the vehicle
 *        200 a JSON string, or 404 {"message": "..."}             -> no result, with that text
 *   POST {url}/quotations/price  {registration, vin, audatex, selectedParts: [{codpiece, ref}]}
 *        200 {"lines": [...]} (contracts `sidexaLineSchema`)     -> the priced lines
 *
 * Anything else (another status, a body that does not parse, no answer within the timeout) is a
 * `ProviderUnavailableError`: the route answers 502 and stores nothing, so the user can try again without paying.
 */

export interface HttpProviderOptions {
  url: string;
  apiKey: string | undefined;
  /** Per call, milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const notFoundBody = z.object({ message: z.string().min(1) });
const pricedBody = z.object({ lines: z.array(sidexaLineSchema) });

export function httpVehicleDataProvider(options: HttpProviderOptions): VehicleDataProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`vehicle-data provider unreachable: ${path}`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  return {
    name: 'http',
    async lookup(query): Promise<VehicleAnswer> {
      const params = new URLSearchParams({ registration: normalizePlate(query.registration) });
      if (query.vin) params.set('vin', query.vin);
      const { status, body } = await call(`/vehicles?${params}`);
      if (status === 200 && typeof body === 'string') {
        return { found: false, message: body.trim() || noResultText(query.registration) };
      }
      if (status === 404) {
        const parsed = notFoundBody.safeParse(body);
        return { found: false, message: parsed.success ? parsed.data.message : noResultText(query.registration) };
      }
      if (status === 200) {
        const parsed = sidexaResultSchema.safeParse(body);
        if (parsed.success) return { found: true, result: parsed.data };
        throw new ProviderUnavailableError(`vehicle-data provider: unreadable vehicle (${parsed.error.message})`);
      }
      throw new ProviderUnavailableError(`vehicle-data provider answered ${status}`);
    },
    async price(query) {
      const { status, body } = await call('/quotations/price', {
        method: 'POST',
        body: JSON.stringify({
          registration: normalizePlate(query.registration),
          vin: query.vin,
          audatex: query.audatex,
          selectedParts: [...query.selection].map(([codpiece, variant]) => ({ codpiece, ref: variant.ref })),
        }),
      });
      if (status !== 200) throw new ProviderUnavailableError(`vehicle-data provider answered ${status}`);
      const parsed = pricedBody.safeParse(body);
      if (!parsed.success) throw new ProviderUnavailableError('vehicle-data provider: unreadable priced lines');
      return parsed.data.lines;
    },
  };
}
