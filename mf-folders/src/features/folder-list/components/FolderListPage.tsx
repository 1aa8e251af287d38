import { Button } from 'antd';
import { ALL_COMPANIES_ID, INTERNAL_TYPE } from 'contracts';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader, ServerTable, type StatusTab, useApiQuery, useSession } from 'shared-ui';
import { folderFetcher } from '../api/get-folders';
import { getStatuses } from '../api/get-statuses';
import { folderColumns, garageColumn, STATUS_COLUMN_INDEX } from './columns';

export const LIST_ERROR_MESSAGE = 'Erreur lors du chargement des dossiers';

/**
 * "Mes clients" (owner = my) and "Gestion clients" (all): the folders of the selected garage (or of all of
 * them for TOUT), by status tab; a product in the path lists that product's folders instead of internal ones.
 */
export function FolderListPage({ owner }: { owner: 'my' | 'all' }) {
  const { product } = useParams();
  const type = product ?? INTERNAL_TYPE;
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  // TOUT over several garages: which garage each folder is (two may share a number).
  const severalGarages = useSession(
    (state) =>
      companyId === ALL_COMPANIES_ID &&
      (state.claims?.companies.filter((company) => company.id !== ALL_COMPANIES_ID).length ?? 0) > 1,
  );
  const columns = useMemo(() => (severalGarages ? [...folderColumns, garageColumn] : folderColumns), [severalGarages]);
  const statuses = useApiQuery(`api/company/${companyId}/status-folder`, () => getStatuses(companyId));
  const fetcher = useMemo(() => folderFetcher(owner, type), [owner, type]);
  const tabs: StatusTab[] = useMemo(
    () => [
      { key: 'all', label: 'TOUT', value: '' },
      ...(statuses.data ?? []).map((status) => ({ key: status.label, label: status.label })),
    ],
    [statuses.data],
  );

  return (
    <>
      <PageHeader
        title={owner === 'my' ? 'Mes clients' : 'Gestion clients'}
        subtitle={product ? `Dossiers ${product}` : undefined}
        extra={
          <Link to="/folder/choice">
            <Button type="primary">Nouveau client</Button>
          </Link>
        }
      />
      {/* The list is asked at once, beside the statuses: their tabs join « TOUT » when they arrive. */}
      <ServerTable
        // A new company, owner or type is another list: start it afresh.
        key={`${companyId}-${owner}-${type}`}
        tableKey={`folders-${owner}`}
        columns={columns}
        fetcher={fetcher}
        searchPlaceholder="Rechercher un dossier"
        defaultSort={{ field: 'createdAt', dir: 'desc' }}
        statusTabs={tabs}
        statusColumnIndex={STATUS_COLUMN_INDEX}
        rowHref={(row) => `/folder/show/${row.id}`}
        defaultErrorMessage={LIST_ERROR_MESSAGE}
        exports={{ csvName: 'dossiers.csv', excelName: 'dossiers.xlsx', printName: 'dossiers' }}
      />
    </>
  );
}
