import { Dropdown, Tag } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  COMPANY_INFOS_PATH,
  eventBus,
  formatNumber,
  getCompanyInfos,
  refreshBalance,
  unitsOf,
  useApiQuery,
  useCan,
  useSession,
} from 'shared-ui';

/**
 * UNITÉS: the selected company's prepaid units, for who spends or buys them (a fitter does neither: not shown);
 * a click offers « Ma consommation » and « Acheter des unités » as the roles allow. The display token only knows the balance at sign-in, so the counter
 * shows the server's from the garage's details the page reads once (shared with the frame and the pages; read again
 * on a change of garage), again when the tab comes back to the front (another tab may have spent units meanwhile),
 * and follows every 'units:changed' (a lookup, a purchase in this tab).
 */
export function UnitsCounter() {
  const navigate = useNavigate();
  const mayConsume = useCan('consumption');
  const mayBuy = useCan('buyUnits');
  const seesUnits = useCan('units');
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

  if (!seesUnits) return null;
  const tag = (
    <Tag color="green" style={{ marginInlineEnd: 0, fontSize: 14, paddingBlock: 2 }} data-testid="units-counter">
      UNITÉS <strong>{formatNumber(jeton)}</strong>
    </Tag>
  );
  const items = [
    ...(mayConsume ? [{ key: '/company/consumption', label: 'Ma consommation' }] : []),
    ...(mayBuy ? [{ key: '/checkout', label: 'Acheter des unités' }] : []),
  ];
  if (items.length === 0) return tag;
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
      <button type="button" aria-label={`UNITÉS : ${formatNumber(jeton)}`} aria-haspopup="menu" style={UNSTYLED}>
        {tag}
      </button>
    </Dropdown>
  );
}

/** A button that looks like the tag it holds (the tag keeps its colours). */
const UNSTYLED = { background: 'none', border: 'none', padding: 0, cursor: 'pointer', font: 'inherit' } as const;
