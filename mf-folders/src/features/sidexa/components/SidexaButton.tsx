import { Button } from 'antd';
import { type SearchFolder, useVehicleSearch } from '../hooks/use-vehicle-search';
import { VehicleSearchModals } from './VehicleSearchModals';

/** "Devis Sidexa" on the folder page: the vehicle search of this folder, its modals over the page. */
export function SidexaButton({ folder }: { folder: SearchFolder }) {
  const search = useVehicleSearch(folder);
  return (
    <>
      <Button onClick={() => void search.start()} loading={search.busy}>
        Devis Sidexa
      </Button>
      <VehicleSearchModals search={search} />
    </>
  );
}
