import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { apiKey } from '../query/api-key';

type Options<T, S> = Omit<UseQueryOptions<T, Error, S>, 'queryKey' | 'queryFn' | 'enabled'>;

/**
 * One API read through the page's cache, keyed by its path (`apiKey`): `load` reads `path`, `null` waits (a page
 * whose id is not known yet). Every app reads the server this way, so a change anywhere on the page refreshes
 * what any app shows of it by invalidating that path (`useInvalidate`). While a read runs again the previous
 * answer stays on screen; a failed read is read again when the connection comes back (runtime/query-client.ts).
 * Two pages reading one path share its answer: a path has one loader (its function in an `api/` folder), and a page
 * that needs a part of the answer picks it with `select`.
 */
export function useApiQuery<T, S = T>(path: string | null, load: () => Promise<T>, options: Options<T, S> = {}) {
  return useQuery({ queryKey: apiKey(path ?? ''), queryFn: load, enabled: path !== null, ...options });
}
