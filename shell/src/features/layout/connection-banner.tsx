import { Alert } from 'antd';
import { findPage } from 'contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { eventBus, RECHECK_MS, useConnection } from 'shared-ui';

export const CONNECTION_LOST = 'Connexion au serveur perdue';
export const CONNECTION_LOST_DETAIL = `Nouvel essai toutes les ${RECHECK_MS / 1000} secondes. Ce que vous avez saisi reste à l’écran : enregistrez-le une fois la connexion rétablie.`;
export const CONNECTION_RESTORED = 'Connexion rétablie';
const RESTORED_SHOWN_MS = 5000;

/**
 * Says, above every page, that the server does not answer (checked by shared-ui's `useConnection` after a call
 * failed without an answer), then that it is back. Nothing is reloaded: the pages read again what failed meanwhile
 * and the live stream takes up where it stopped. A page made to work offline (the fitter's) says it itself.
 */
export function ConnectionBanner() {
  const reachable = useConnection((state) => state.reachable);
  const pageSaysIt = findPage(useLocation().pathname)?.offline === true;
  const [restored, setRestored] = useState(false);

  useEffect(
    () =>
      eventBus.on('connection:restored', () => {
        setRestored(true);
      }),
    [],
  );
  useEffect(() => {
    if (!restored) return;
    const timer = setTimeout(() => setRestored(false), RESTORED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [restored]);

  if (pageSaysIt) return null;
  if (!reachable) {
    return <Alert banner type="error" role="alert" message={CONNECTION_LOST} description={CONNECTION_LOST_DETAIL} />;
  }
  if (restored) return <Alert banner type="success" role="status" message={CONNECTION_RESTORED} />;
  return null;
}
