import type { QueryKey } from '@tanstack/react-query';

/**
 * The cache key of an API read is its path, one element per segment (ids as numbers), then its query parameters:
 * `api/folder/12/billing-documents` -> ['folder', 12, 'billing-documents']. A change invalidates by the path of what
 * it changed: `apiKey('api/folder/12')` is the prefix of every read of folder 12, whichever app made it. A query
 * string counts as parameters: `api/supplier/list?pageSize=100` -> ['supplier', 'list', { pageSize: '100' }].
 */
export function apiKey(pathAndQuery: string, params?: Record<string, unknown>): QueryKey {
  const [path = '', query] = pathAndQuery.split('?');
  if (query) params = { ...Object.fromEntries(new URLSearchParams(query)), ...params };
  const segments = path
    .replace(/^\/?(api\/)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : decodeURIComponent(segment)));
  return params && Object.keys(params).length > 0 ? [...segments, params] : segments;
}
