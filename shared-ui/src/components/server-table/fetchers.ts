import type { QueryKey } from '@tanstack/react-query';
import { type DataTablesRequest, type PagedResponse, pagedResponseSchema } from 'contracts';
import { z } from 'zod';
import { apiKey } from '../../query/api-key';
import { ApiError, request } from '../../runtime/http';

export type SortDir = 'asc' | 'desc';

/** What ServerTable asks for; the fetcher turns it into the wire format of its endpoint. */
export interface PagingParams {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Index of the sorted column in the table's `columns`. */
  sortField?: number;
  sortDir?: SortDir;
  search?: string;
  /** Column index -> filter text (only non-empty filters). */
  filters: Record<number, string>;
  /** dataIndex of every column, in order: index = sortField. */
  columnsMap: string[];
}

/**
 * Reads one page; `queryKey` is the cache key of its endpoint (its path, `apiKey`): a change that invalidates that
 * path reads the table again. The fetchers below set it; a hand-written one without it is cached by its table.
 */
export type Fetcher<T> = ((params: PagingParams) => Promise<PagedResponse<T>>) & { queryKey?: QueryKey };

const keyed = <T>(fetcher: Fetcher<T>, queryKey: QueryKey): Fetcher<T> => Object.assign(fetcher, { queryKey });

/** The shared-client paging fields (docs/product.md), filters and columnsMap as JSON strings. */
export function toPagingQuery(params: PagingParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, pageSize: params.pageSize };
  if (params.sortField !== undefined) query.sortField = params.sortField;
  if (params.sortDir) query.sortDir = params.sortDir;
  if (params.search) query.search = params.search;
  query.filters = JSON.stringify(params.filters);
  query.columnsMap = JSON.stringify(params.columnsMap);
  return query;
}

/** GET `path?page=…&pageSize=…` (plus the endpoint's own `extra` fields) parsed with the paged-response contract. */
export function pagedFetcher<S extends z.ZodType>(
  path: string,
  rowSchema: S,
  extra: Record<string, string> = {},
): Fetcher<z.infer<S>> {
  const schema = pagedResponseSchema(rowSchema);
  return keyed(
    (params) => request(path, schema, { searchParams: { ...toPagingQuery(params), ...extra } }),
    apiKey(path, extra),
  );
}

/** Same contract, paging fields in a JSON body (endpoints that take POST). */
export function pagedPostFetcher<S extends z.ZodType>(path: string, rowSchema: S): Fetcher<z.infer<S>> {
  const schema = pagedResponseSchema(rowSchema);
  return keyed((params) => request(path, schema, { method: 'post', json: toPagingQuery(params) }), apiKey(path));
}

export const DATATABLES_ERROR_MESSAGE = 'Erreur lors de la récupération des données';

let draw = 0;

/** The DataTables request body of the product list (docs/product.md). */
export function toDataTablesBody(params: PagingParams): DataTablesRequest {
  draw += 1;
  return {
    draw,
    start: (params.page - 1) * params.pageSize,
    length: params.pageSize,
    search: { value: params.search ?? '', regex: false },
    order: params.sortField === undefined ? [] : [{ column: params.sortField, dir: params.sortDir ?? 'asc' }],
    columns: params.columnsMap.map((key, index) => ({
      data: key,
      name: key,
      searchable: true,
      orderable: true,
      search: { value: params.filters[index] ?? '', regex: false },
    })),
  };
}

/** POST in the DataTables protocol; an answer whose `code` is not 200 rejects with the server's message. */
export function dataTablesFetcher<S extends z.ZodType>(path: string, rowSchema: S): Fetcher<z.infer<S>> {
  const schema = z.object({
    code: z.number().int(),
    data: z.array(rowSchema).default([]),
    totalRecords: z.number().int().default(0),
    nbPage: z.number().int().optional(),
    statusCounts: z.record(z.string(), z.number().int()).optional(),
    message: z.string().optional(),
  });
  return keyed(async (params) => {
    const answer = await request(path, schema, { method: 'post', json: toDataTablesBody(params) });
    if (answer.code !== 200) {
      throw new ApiError(answer.code, { message: answer.message || DATATABLES_ERROR_MESSAGE });
    }
    return { data: answer.data, totalRecords: answer.totalRecords, statusCounts: answer.statusCounts };
  }, apiKey(path));
}
