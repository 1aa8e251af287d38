import { Tag } from 'antd';
import { useEffect } from 'react';
import { eventBus, formatNumber, refreshBalance, useSession } from 'shared-ui';

/**
 * UNITÉS: the selected company's prepaid units. The display token only knows the balance at sign-in, so the counter
 * reads the server's on load and on a change of garage, again when the tab comes back to the front (another tab
 * may have spent units meanwhile), and follows every 'units:changed' (a lookup, a purchase in this tab).
 */
export function UnitsCounter() {
  const jeton = useSession((state) => state.jeton);
  const setJeton = useSession((state) => state.setJeton);
  const companyId = useSession((state) => state.claims?.companyId);

  useEffect(() => eventBus.on('units:changed', ({ jeton: next }) => next !== null && setJeton(next)), [setJeton]);

  useEffect(() => {
    if (companyId === undefined) return;
    // A failed read keeps the token's figure: the counter is information, never a reason for an error page.
    const read = () => void refreshBalance().catch(() => undefined);
    read();
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [companyId]);

  return (
    <Tag color="green" style={{ marginInlineEnd: 0, fontSize: 14, paddingBlock: 2 }} data-testid="units-counter">
      UNITÉS <strong>{formatNumber(jeton)}</strong>
    </Tag>
  );
}
