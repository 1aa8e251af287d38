import { Tag } from 'antd';
import { useEffect } from 'react';
import { eventBus, formatNumber, useSession } from 'shared-ui';

/** UNITÉS: the selected company's prepaid units, from the display token, updated after a consumption. */
export function UnitsCounter() {
  const jeton = useSession((state) => state.jeton);
  const setJeton = useSession((state) => state.setJeton);

  useEffect(() => eventBus.on('units:changed', ({ jeton: next }) => next !== null && setJeton(next)), [setJeton]);

  return (
    <Tag color="green" style={{ marginInlineEnd: 0, fontSize: 14, paddingBlock: 2 }} data-testid="units-counter">
      UNITÉS <strong>{formatNumber(jeton)}</strong>
    </Tag>
  );
}
