import { isIP } from 'node:net';
import { z } from 'zod';

/*
 * The readers of one environment variable each: a string in, the value the configuration keeps out, or `expected(…)`
 * saying in French what the variable should hold. The schema (`env-schema.ts`) names the variable and the value
 * received when it reports them, so a reader's sentence reads after the name: « PORT doit être un entier… ».
 */

/** Any value: secrets, paths, names the API passes on as they are. */
export const text = (raw: string): string => raw;

/** What a variable should hold, as a reader refuses its value. */
export class Expected {
  constructor(readonly text: string) {}
}

export const expected = (text: string): Expected => new Expected(text);

/** A blank variable (`PORT=` in a unit file, `''` in a test's environment) is an absent one, as it always was. */
const blankAsAbsent = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * One variable of the schema: absent stays `undefined` (the configuration picks the default), else `read` decides.
 * Values are trimmed (`PORT=" 3000"` was accepted by `Number`), except `text` ones: a secret or a path is kept as typed.
 */
export function variable<T>(read: (raw: string) => T | Expected) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .optional()
      .transform((raw, context): T | undefined => {
        if (raw === undefined) return undefined;
        const value = read(read === text ? raw : raw.trim());
        if (!(value instanceof Expected)) return value;
        context.addIssue({ code: 'custom', message: value.text });
        return z.NEVER;
      }),
  );
}

export function port(raw: string): number | Expected {
  const number = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return number >= 0 && number <= 65535 ? number : expected('doit être un entier entre 0 et 65535');
}

export function positiveInteger(raw: string): number | Expected {
  const number = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : expected('doit être un entier positif (1 ou plus)');
}

/** The flags were `=== 'true'` or `=== '1'` by hand: both spellings are accepted now, anything else refused. */
export function flag(raw: string): boolean | Expected {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return expected('doit valoir true, false, 1 ou 0');
}

export function oneOf<const T extends string>(...values: T[]) {
  return (raw: string): T | Expected =>
    (values as string[]).includes(raw) ? (raw as T) : expected(`doit valoir ${values.join(' ou ')}`);
}

/** A URL of one of `protocols`; the message names them, never the value (the schema decides what it echoes). */
export function url(protocols: string[], example: string) {
  return (raw: string): string | Expected => {
    const wanted = `doit être une adresse ${protocols.map((p) => `${p}//`).join(' ou ')} (par exemple ${example})`;
    try {
      const parsed = new URL(raw);
      return protocols.includes(parsed.protocol) ? raw : expected(wanted);
    } catch {
      return expected(wanted);
    }
  };
}

export const list = (raw: string): string[] =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A comma list whose every item passes `accepts`; the message quotes the first item refused. */
export function listOf(accepts: (item: string) => boolean, what: string) {
  return (raw: string): string[] | Expected => {
    const items = list(raw);
    const wrong = items.find((item) => !accepts(item));
    return wrong === undefined
      ? items
      : expected(`doit être une liste, séparée par des virgules, ${what} (« ${wrong} » n’en est pas)`);
  };
}

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?$/;

export const isHostName = (item: string): boolean => HOST_NAME.test(item);

export function isHttpOrigin(item: string): boolean {
  return !(url(['http:', 'https:'], '')(item) instanceof Expected);
}

/** An address or a CIDR block, or one of the names Fastify's `trustProxy` (proxy-addr) knows. */
export function isProxyAddress(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
