import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { eventBus, RECHECK_MS, useConnection } from 'shared-ui';

export const CONNECTION_LOST = 'Connexion au serveur perdue';
export const CONNECTION_LOST_DETAIL = `Nouvel essai toutes les ${RECHECK_MS / 1000} secondes. Ce que vous avez saisi reste à l’écran : enregistrez-le une fois la connexion rétablie.`;
export const CONNECTION_RESTORED = 'Connexion rétablie';
const RESTORED_SHOWN_MS = 5000;

/**
 * Says, above every page, that the server does not answer (checked by shared-ui's `useConnection` after a call
 * failed without an answer), then that it is back. Nothing is reloaded: the pages read again what failed meanwhile
 * and the live stream takes up where it stopped.
 */
export function ConnectionBanner() {
  const reachable = useConnection((state) => state.reachable);
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

  if (!reachable) {
    return <Alert banner type="error" role="alert" message={CONNECTION_LOST} description={CONNECTION_LOST_DETAIL} />;
  }
  if (restored) return <Alert banner type="success" role="status" message={CONNECTION_RESTORED} />;
  return null;
}
