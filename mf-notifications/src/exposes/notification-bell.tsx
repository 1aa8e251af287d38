import { useCan } from 'shared-ui';
import { NotificationBell } from '../features/bell/components/NotificationBell';
import { AlertModals } from '../features/partials/components/AlertModals';
import { UnreadMenu } from '../features/partials/components/UnreadMenu';
import { useUnreadPartials } from '../features/partials/hooks/use-unread-partials';

function LiveBell() {
  const partials = useUnreadPartials();
  return (
    <>
      <NotificationBell summary={<UnreadMenu html={partials.menu} />} />
      <AlertModals modals={partials.modals} />
    </>
  );
}

/**
 * The shell's top-bar slot `mf_notifications/NotificationBell`: the bell and
 * its drawer, with the server's unread menu on top and the alert modals.
 * Composed here so the two features stay independent. Users without the
 * notifications permission (the accountant) get no bell and make no calls.
 */
export default function NotificationBellSlot() {
  const mayBeNotified = useCan('notifications');
  if (!mayBeNotified) return null;
  return <LiveBell />;
}
