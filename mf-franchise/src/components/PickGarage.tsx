import { GARAGE_ADMIN_PICK_GARAGE } from 'contracts';
import { GarageChoices, StatusPanel } from 'shared-ui';

/** What a garage page shows under TOUT: it edits one garage, chosen here or in the top-left switcher. */
export function PickGarage({ title }: { title: string }) {
  return (
    <StatusPanel
      status="info"
      level={1}
      title={title}
      description={GARAGE_ADMIN_PICK_GARAGE}
      extra={<GarageChoices />}
    />
  );
}
