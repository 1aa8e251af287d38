import { Tag } from 'antd';
import { useEffect } from 'react';
import {
  COMPANY_INFOS_PATH,
  eventBus,
  formatNumber,
  getCompanyInfos,
  refreshBalance,
  unitsOf,
  useApiQuery,
  useSession,
} from 'shared-ui';

/**
 * UNITÉS: the selected company's prepaid units. The display token only knows the balance at sign-in, so the counter
 * shows the server's from the garage's details the page reads once (shared with the frame and the pages; read again
 * on a change of garage), again when the tab comes back to the front (another tab may have spent units meanwhile),
 * and follows every 'units:changed' (a lookup, a purchase in this tab).
 */
export function UnitsCounter() {
  const jeton = useSession((state) => state.jeton);
  const setJeton = useSession((state) => state.setJeton);
  // A failed read keeps the token's figure: the counter is information, never a reason for an error page.
  const infos = useApiQuery(COMPANY_INFOS_PATH, getCompanyInfos).data;

  useEffect(() => eventBus.on('units:changed', ({ jeton: next }) => next !== null && setJeton(next)), [setJeton]);
  useEffect(() => {
    if (infos) setJeton(unitsOf(infos));
  }, [infos, setJeton]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshBalance().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return (
    <Tag color="green" style={{ marginInlineEnd: 0, fontSize: 14, paddingBlock: 2 }} data-testid="units-counter">
      UNITÉS <strong>{formatNumber(jeton)}</strong>
    </Tag>
  );
}
