import type { PagedResponse } from 'contracts';
import { ApiError } from '../../runtime/http';
import type { Fetcher, PagingParams } from './fetchers';

/** Demo data for stories: payments of a garage (docs/product.md: "Paiement"). */
export interface PaymentRow {
  id: number;
  name: string;
  amount: number;
  type: string;
  invoice: string;
  date: string;
  comment: string;
  companyId: number;
}

const INSURERS = ['MAAF', 'AXA', 'MACIF', 'Allianz', 'Groupama', 'MMA', 'Matmut', 'GMF'];
const TYPES = ['Gestion', 'Sidexa', 'Recouvrement'];
const PLATES = ['AB-123-CD', 'EF-456-GH', 'JK-789-LM', 'NP-012-QR', 'ST-345-UV', 'WX-678-YZ', 'BC-901-DE'];

export const PAYMENT_ROWS: PaymentRow[] = Array.from({ length: 57 }, (_, index) => {
  const insurer = INSURERS[index % INSURERS.length] ?? 'MAAF';
  const plate = PLATES[index % PLATES.length] ?? 'AB-123-CD';
  const day = String((index % 28) + 1).padStart(2, '0');
  return {
    id: 1000 + index,
    name: `${plate} — ${insurer}`,
    amount: Math.round((80 + ((index * 137) % 900)) * 100) / 100 + 0.5,
    type: TYPES[index % TYPES.length] ?? 'Gestion',
    invoice: `<a href="/invoice/F-2024-${String(index + 1).padStart(4, '0')}">F-2024-${String(index + 1).padStart(4, '0')}</a>`,
    date: `2024-0${(index % 9) + 1}-${day}`,
    comment: index % 4 === 0 ? 'Remplacement pare-brise, franchise 90 €' : index % 4 === 1 ? 'Réparation impact' : '',
    companyId: index % 5 === 0 ? 2 : 1,
  };
});

const TAB_TYPE: Record<string, string> = { gestion: 'Gestion', sidexa: 'Sidexa', recouvrement: 'Recouvrement' };

/** An in-memory server that honours the paging contract: search, filters by column index, sort, page. */
export function demoFetcher(rows: PaymentRow[] = PAYMENT_ROWS, delayMs = 300): Fetcher<PaymentRow> {
  return async (params: PagingParams): Promise<PagedResponse<PaymentRow>> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const text = (row: PaymentRow, key: string) => String(row[key as keyof PaymentRow] ?? '').toLowerCase();
    let result = rows.filter((row) =>
      params.search
        ? params.columnsMap.some((key) => text(row, key).includes(params.search?.toLowerCase() ?? ''))
        : true,
    );
    for (const [index, value] of Object.entries(params.filters)) {
      const key = params.columnsMap[Number(index)];
      if (!key) continue;
      const wanted = TAB_TYPE[value] ?? value;
      result = result.filter((row) => text(row, key).includes(wanted.toLowerCase()));
    }
    const sortKey = params.sortField === undefined ? undefined : params.columnsMap[params.sortField];
    if (sortKey) {
      const dir = params.sortDir === 'desc' ? -1 : 1;
      result = [...result].sort((a, b) => (text(a, sortKey) < text(b, sortKey) ? -dir : dir));
    }
    const counts = { all: rows.length, gestion: 0, sidexa: 0, recouvrement: 0 };
    for (const row of rows) counts[row.type.toLowerCase() as 'gestion' | 'sidexa' | 'recouvrement'] += 1;
    const start = (params.page - 1) * params.pageSize;
    return { data: result.slice(start, start + params.pageSize), totalRecords: result.length, statusCounts: counts };
  };
}

export const neverFetcher: Fetcher<PaymentRow> = () => new Promise(() => {});
export const emptyFetcher: Fetcher<PaymentRow> = async () => ({ data: [], totalRecords: 0 });
export const failingFetcher: Fetcher<PaymentRow> = async () => {
  throw new ApiError(500, { message: 'Erreur lors du chargement des consommations' });
};
