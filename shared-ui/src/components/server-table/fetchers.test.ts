import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../runtime/http';
import { dataTablesFetcher, type PagingParams, pagedFetcher, pagedPostFetcher } from './fetchers';

const rowSchema = z.object({ id: z.number(), name: z.string() });
const params: PagingParams = {
  page: 2,
  pageSize: 25,
  sortField: 4,
  sortDir: 'desc',
  search: 'MAAF',
  filters: { 0: 'AB-123', 2: 'Facture' },
  columnsMap: ['name', 'amount', 'type', 'invoice', 'date', 'comment'],
};

interface Call {
  url: string;
  method: string;
  json: () => Promise<Record<string, unknown> & { draw: number; columns: Record<string, unknown>[] }>;
}
let calls: Call[] = [];
function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      calls.push({ url: input.url, method: input.method, json: async () => JSON.parse(text) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pagedFetcher', () => {
  it('sends the shared-client paging query and parses the answer', async () => {
    answer({ data: [{ id: 1, name: 'AB-123-CD' }], totalRecords: 31, statusCounts: { all: 31 } });
    const result = await pagedFetcher('/api/paiement/list', rowSchema)(params);
    expect(result).toEqual({ data: [{ id: 1, name: 'AB-123-CD' }], totalRecords: 31, statusCounts: { all: 31 } });
    const url = new URL(calls[0]?.url ?? '');
    expect(calls[0]?.method).toBe('GET');
    expect(url.pathname).toBe('/api/paiement/list');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      pageSize: '25',
      sortField: '4',
      sortDir: 'desc',
      search: 'MAAF',
      filters: '{"0":"AB-123","2":"Facture"}',
      columnsMap: '["name","amount","type","invoice","date","comment"]',
    });
  });

  it('rejects when the answer does not match the contract', async () => {
    answer({ data: [{ id: 'x' }], totalRecords: 1 });
    await expect(pagedFetcher('api/x', rowSchema)(params)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('pagedPostFetcher', () => {
  it('sends the same fields as a JSON body', async () => {
    answer({ data: [], totalRecords: 0 });
    await pagedPostFetcher('/api/company/consumption/list', rowSchema)({ ...params, search: undefined });
    expect(calls[0]?.method).toBe('POST');
    expect(await calls[0]?.json()).toEqual({
      page: 2,
      pageSize: 25,
      sortField: 4,
      sortDir: 'desc',
      filters: '{"0":"AB-123","2":"Facture"}',
      columnsMap: '["name","amount","type","invoice","date","comment"]',
    });
  });
});

describe('dataTablesFetcher', () => {
  it('posts the DataTables body and maps the answer', async () => {
    answer({
      code: 200,
      data: [{ id: 3, name: 'Pare-brise' }],
      totalRecords: 51,
      nbPage: 3,
      statusCounts: { actif: 40 },
    });
    const result = await dataTablesFetcher('api/product/list', rowSchema)(params);
    expect(result).toEqual({ data: [{ id: 3, name: 'Pare-brise' }], totalRecords: 51, statusCounts: { actif: 40 } });
    const body = await calls[0]?.json();
    if (!body) throw new Error('no request');
    expect(body).toMatchObject({
      start: 25,
      length: 25,
      search: { value: 'MAAF', regex: false },
      order: [{ column: 4, dir: 'desc' }],
    });
    expect(typeof body.draw).toBe('number');
    expect(body.columns).toHaveLength(6);
    expect(body.columns[0]).toEqual({
      data: 'name',
      name: 'name',
      searchable: true,
      orderable: true,
      search: { value: 'AB-123', regex: false },
    });
    expect(body.columns[1]?.search).toEqual({ value: '', regex: false });
  });

  it('increments draw on each call', async () => {
    answer({ code: 200, data: [], totalRecords: 0, nbPage: 0 });
    const fetch = dataTablesFetcher('api/product/list', rowSchema);
    await fetch(params);
    await fetch(params);
    const [first, second] = [await calls[0]?.json(), await calls[1]?.json()];
    expect(second?.draw).toBe((first?.draw ?? 0) + 1);
  });

  it('rejects with the server message when code is not 200', async () => {
    answer({ code: 500, data: [], totalRecords: 0, nbPage: 0, message: 'Base indisponible' });
    await expect(dataTablesFetcher('api/product/list', rowSchema)(params)).rejects.toThrow('Base indisponible');
  });

  it('rejects with the default French message when the server gives none', async () => {
    answer({ code: 403, data: [], totalRecords: 0, nbPage: 0 });
    await expect(dataTablesFetcher('api/product/list', rowSchema)(params)).rejects.toThrow(
      'Erreur lors de la récupération des données',
    );
  });
});
