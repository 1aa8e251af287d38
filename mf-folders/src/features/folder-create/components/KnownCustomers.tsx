import { Alert, Button, Flex, List, Typography } from 'antd';
import {
  CUSTOMER_MATCH_KEY_LABELS,
  type CustomerMatch,
  type CustomerMatchesQuery,
  type CustomerTakeover,
  formatPlate,
} from 'contracts';
import { Link } from 'react-router-dom';
import { useApiQuery, useDebouncedValue, useSaveAction } from 'shared-ui';
import { customerMatchesPath, getCustomerMatches, takeCustomer, worthAsking } from '../api/customer-matches';

const nameOf = (match: CustomerMatch) =>
  [match.civility, match.firstName, match.lastName.toUpperCase()].filter(Boolean).join(' ');
const vehicleOf = (match: CustomerMatch) =>
  match.vehicle
    ? [match.vehicle.brand, match.vehicle.model, formatPlate(match.vehicle.plate)].filter(Boolean).join(' ')
    : 'sans véhicule';

/**
 * « Déjà connu dans ce garage »: while « Nouveau client » is typed, the garage's customers with the same plate, phone,
 * e-mail or name (its past folders, its imported customer file). « Reprendre » fills the form with one of them, so
 * the customer is not typed twice nor created twice.
 */
export function KnownCustomers({
  typed,
  onTake,
}: {
  typed: CustomerMatchesQuery;
  onTake: (taken: CustomerTakeover) => void;
}) {
  // Asked once the typing pauses, and only with something worth comparing.
  const key = useDebouncedValue(JSON.stringify(worthAsking(typed)), 400);
  const query = JSON.parse(key) as CustomerMatchesQuery | null;
  const matches = useApiQuery(query ? customerMatchesPath(query) : null, () => getCustomerMatches(query ?? {}));
  const { isSaving, run } = useSaveAction();
  const found = query ? (matches.data?.matches ?? []) : [];
  if (found.length === 0) return null;

  const take = (match: CustomerMatch) =>
    run(async () => onTake(await takeCustomer(match)), {
      key: `${match.source}-${match.id}`,
      done: `${nameOf(match)} repris : vérifiez puis créez le dossier`,
    });

  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message="Déjà connu dans ce garage"
      description={
        <List
          size="small"
          dataSource={found}
          renderItem={(match) => (
            <List.Item
              actions={[
                match.folderNumber ? (
                  <Link key="folder" to={`/folder/show/${match.id}`}>
                    Dossier {match.folderNumber}
                  </Link>
                ) : (
                  <Typography.Text key="file" type="secondary">
                    Fichier importé
                  </Typography.Text>
                ),
                <Button
                  key="take"
                  size="small"
                  loading={isSaving(`${match.source}-${match.id}`)}
                  onClick={() => void take(match)}
                >
                  Reprendre
                </Button>,
              ]}
            >
              <Flex vertical>
                <Typography.Text strong>{nameOf(match)}</Typography.Text>
                <Typography.Text type="secondary">
                  {[vehicleOf(match), match.city, match.matchedOn.map((on) => CUSTOMER_MATCH_KEY_LABELS[on]).join(', ')]
                    .filter(Boolean)
                    .join(' — ')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      }
    />
  );
}
