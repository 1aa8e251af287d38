import { z } from 'zod';

export const PAGE_SIZES = [5, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** Shared-client paging parameters (docs/product.md), as sent in a query string or a JSON body. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  sortField: z.coerce.number().int().min(0).optional(),
  sortDir: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
  /** JSON object {columnIndex: value}. */
  filters: z.string().max(2000).optional(),
  /** JSON array of column keys, index = sortField. */
  columnsMap: z.string().max(2000).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export const pagedResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    totalRecords: z.number().int(),
    statusCounts: z.record(z.string(), z.number().int()).optional(),
  });

export interface PagedResponse<T> {
  data: T[];
  totalRecords: number;
  statusCounts?: Record<string, number>;
}

/** DataTables protocol used by the product list (docs/product.md). */
export const dataTablesRequestSchema = z.object({
  draw: z.coerce.number().int().min(0),
  start: z.number().int().min(0),
  /** Capped at 100 rows (docs/product.md): more is answered with 100. */
  length: z
    .number()
    .int()
    .min(1)
    .transform((length) => Math.min(length, 100)),
  search: z.object({ value: z.string().max(200), regex: z.boolean() }),
  order: z.array(z.object({ column: z.number().int().min(0), dir: z.enum(['asc', 'desc']) })),
  columns: z.array(
    z.object({
      data: z.string(),
      name: z.string(),
      searchable: z.boolean(),
      orderable: z.boolean(),
      search: z.object({ value: z.string(), regex: z.boolean() }),
    }),
  ),
});
export type DataTablesRequest = z.infer<typeof dataTablesRequestSchema>;

export interface DataTablesResponse<T> {
  code: number;
  data: T[];
  totalRecords: number;
  nbPage: number;
  statusCounts?: Record<string, number>;
  message?: string;
}
