import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery } from 'shared-ui';
import { FolderSelect } from '../../../components/folder-select/FolderSelect';
import { getFolderBrief } from '../api/sidexa';
import { type SearchFolder, useVehicleSearch } from '../hooks/use-vehicle-search';
import { VehicleSearchModals } from './VehicleSearchModals';

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : null;
};

/** The search of the folder chosen, started as soon as it shows; closing it goes back to the list. */
function FolderSearch({ folder, label }: { folder: SearchFolder; label: string }) {
  const navigate = useNavigate();
  const search = useVehicleSearch(folder, { onClose: () => navigate('/sidexa/list') });
  const started = useRef(false);
  const { start } = search;
  useEffect(() => {
    // Once per folder (a strict-mode double effect must not check the status twice).
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  return (
    <>
      <Flex gap={12} align="center" wrap>
        <Typography.Text>
          Dossier <Link to={`/folder/show/${folder.id}`}>{label}</Link>
        </Typography.Text>
        <Button type="primary" onClick={() => void start()} loading={search.busy}>
          Rechercher le véhicule
        </Button>
      </Flex>
      <VehicleSearchModals search={search} />
    </>
  );
}

/**
 * /sidexa/add: choose the folder (or create one), then the vehicle search of that folder; closing the search goes
 * back to /sidexa/list. `?folderId=` chooses the folder from a link.
 */
export function SidexaAddPage() {
  const [params, setParams] = useSearchParams();
  const folderId = positiveInt(params.get('folderId'));
  const chosen = useApiQuery(folderId === null ? null : `api/folder/${folderId}`, () => getFolderBrief(folderId ?? 0));
  const folder = chosen.data;
  const label = folder ? `${folder.number} · ${folder.plate}` : `Dossier n° ${folderId}`;
  return (
    <>
      <PageHeader
        title="Nouveau devis Sidexa"
        breadcrumb={[{ title: 'Sidexa', href: '/sidexa/list' }, { title: 'Nouveau devis' }]}
      />
      <Card title="Dossier du devis" size="small">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            Choisissez le dossier du véhicule : la recherche l’identifie par son immatriculation.
          </Typography.Text>
          <Flex gap={12} align="center" wrap>
            <FolderSelect
              aria-label="Dossier"
              style={{ width: '100%', maxWidth: 560 }}
              placeholder="Rechercher un dossier : immatriculation, client, n° de dossier…"
              value={folderId ?? undefined}
              chosenLabel={label}
              onChange={(id) => setParams({ folderId: String(id) })}
            />
            <Link to="/folder/choice">Créer un dossier</Link>
          </Flex>
          {folderId === null ? (
            <Alert type="info" showIcon message="Aucun dossier choisi pour le moment." />
          ) : folder ? (
            // Shown as soon as the folder is known: a later read of it (the search refreshes the folder) that
            // fails does not close the search.
            <FolderSearch key={folder.id} folder={{ id: folder.id, companyId: folder.companyId }} label={label} />
          ) : chosen.error ? (
            <ErrorState onRetry={() => void chosen.refetch()} />
          ) : (
            <Skeleton active paragraph={{ rows: 1 }} />
          )}
        </Flex>
      </Card>
    </>
  );
}
