import { Divider, Grid, Input, Select, Spin, Typography } from 'antd';
import { ALL_COMPANIES_ID, type CompanySearchItem, companySearchResponseSchema } from 'contracts';
import { useEffect, useMemo, useState } from 'react';
import { request, selectGarage, useSession } from 'shared-ui';

const MIN_QUERY = 2;
const DEBOUNCE_MS = 300;

/** Narrow screens show only the first 4 characters of the company name. */
const shorten = (name: string, narrow: boolean) => (narrow ? name.slice(0, 4) : name);

/** Server search of the user's garages: at least 2 characters, debounced 300 ms, failures logged only. */
function useCompanySearch(query: string) {
  const [results, setResults] = useState<CompanySearchItem[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (query.trim().length < MIN_QUERY) {
      setResults([]);
      return;
    }
    const timer = setTimeout(() => {
      setLoading(true);
      request(`api/company/search?q=${encodeURIComponent(query.trim())}&limit=10`, companySearchResponseSchema)
        .then(setResults)
        .catch((error: unknown) => console.error('Erreur lors de la récupération des garages', error))
        .finally(() => setLoading(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  return { results, loading };
}

export function CompanySwitcher({ open, onOpenChange }: { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const claims = useSession((state) => state.claims);
  const narrow = !Grid.useBreakpoint().md;
  const [query, setQuery] = useState('');
  const { results, loading } = useCompanySearch(query);

  const options = useMemo(() => {
    const companies = claims?.companies ?? [];
    const base = companies.length > 1 ? [{ id: ALL_COMPANIES_ID, name: 'TOUT' }, ...companies] : companies;
    const list = query.trim().length >= MIN_QUERY ? results : base;
    return list.map((c) => ({ value: c.id, label: shorten(c.name, narrow), title: c.name }));
  }, [claims, query, results, narrow]);

  if (!claims) return null;
  const current =
    claims.companyId === ALL_COMPANIES_ID ? 'TOUT' : claims.companies.find((c) => c.id === claims.companyId)?.name;

  if (claims.companies.length <= 1 && !loading) {
    return (
      <Typography.Text strong data-testid="company-label" title={current}>
        {shorten(current ?? '', narrow)}
      </Typography.Text>
    );
  }

  return (
    <Select
      aria-label="Changer de garage"
      data-testid="company-switcher"
      open={open}
      onOpenChange={onOpenChange}
      value={claims.companyId}
      options={options}
      labelRender={() => shorten(current ?? '', narrow)}
      notFoundContent="Aucun garage trouvé"
      onChange={(companyId: number) => companyId !== claims.companyId && selectGarage(companyId)}
      style={{ minWidth: narrow ? 90 : 240 }}
      popupMatchSelectWidth={280}
      popupRender={(menu) => (
        <>
          <Input
            autoFocus
            allowClear
            aria-label="Rechercher un garage"
            placeholder="Rechercher un garage..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // Keys typed in the search box must not drive the option list.
            onKeyDown={(event) => event.stopPropagation()}
            style={{ margin: 4, width: 'calc(100% - 8px)' }}
          />
          <Divider style={{ margin: '4px 0' }} />
          {loading ? <Spin size="small" style={{ display: 'block', margin: 8 }} /> : menu}
        </>
      )}
    />
  );
}
