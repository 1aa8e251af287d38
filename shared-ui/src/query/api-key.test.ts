import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKey } from './api-key';

describe('apiKey', () => {
  it('is the path, one element per segment, ids as numbers, parameters last', () => {
    expect(apiKey('api/folder/12/billing-documents')).toEqual(['folder', 12, 'billing-documents']);
    expect(apiKey('/api/quotation/31')).toEqual(['quotation', 31]);
    expect(apiKey('product/search/pare%20brise')).toEqual(['product', 'search', 'pare brise']);
    expect(apiKey('api/paiement/list', { page: 2 })).toEqual(['paiement', 'list', { page: 2 }]);
    expect(apiKey('api/paiement/list', {})).toEqual(['paiement', 'list']);
    expect(apiKey('api/supplier/list?page=1&pageSize=100')).toEqual([
      'supplier',
      'list',
      { page: '1', pageSize: '100' },
    ]);
  });

  it("a resource's path is the prefix of every read under it, and of nothing else", () => {
    const cache = new QueryClient().getQueryCache();
    const query = (path: string) => cache.build(new QueryClient(), { queryKey: apiKey(path) });
    const folder = { queryKey: apiKey('api/folder/12') };
    expect(matchQuery(folder, query('api/folder/12/billing-documents'))).toBe(true);
    expect(matchQuery(folder, query('api/folder/12'))).toBe(true);
    expect(matchQuery(folder, query('api/folder/120'))).toBe(false);
    expect(matchQuery(folder, query('api/quotation/12'))).toBe(false);
  });
});
