import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { SIDEXA_LIST_ERROR, SIDEXA_STATE_COLUMN } from 'contracts';
import { Link } from 'react-router-dom';
import { PageHeader, ServerTable, useSession } from 'shared-ui';
import { sidexaFetcher } from '../api/sidexa';
import { sidexaColumns, sidexaTabs } from './columns';

/**
 * /sidexa/list: the vehicle lookups of the selected garage (or all of them for TOUT), newest first, by state, each
 * with its folder and its PDF report; "Faire un devis" starts a new one.
 */
export function SidexaListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  return (
    <>
      <PageHeader
        title="Sidexa"
        subtitle="Devis par identification du véhicule"
        extra={
          <Link to="/sidexa/add">
            <Button type="primary" icon={<PlusOutlined />}>
              Faire un devis
            </Button>
          </Link>
        }
      />
      <ServerTable
        // Another garage is another list: start it afresh.
        key={companyId}
        tableKey="sidexa"
        columns={sidexaColumns}
        fetcher={sidexaFetcher}
        searchPlaceholder="Rechercher un dossier"
        defaultSort={{ field: 'createdAt', dir: 'desc' }}
        statusTabs={sidexaTabs}
        statusColumnIndex={SIDEXA_STATE_COLUMN}
        hideColumnSelector
        exports={false}
        defaultErrorMessage={SIDEXA_LIST_ERROR}
      />
    </>
  );
}
