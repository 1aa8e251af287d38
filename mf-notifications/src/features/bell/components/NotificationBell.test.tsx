import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eventBus } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveNotification } from '../../../api/archive-notification';
import { markNotificationRead } from '../../../api/mark-read';
import { notificationRow, renderPage } from '../../../test/render';
import { getUnreadCount } from '../api/get-unread-count';
import { listNotifications } from '../api/list-notifications';
import { NotificationBell } from './NotificationBell';

vi.mock('../api/get-unread-count', () => ({ getUnreadCount: vi.fn() }));
vi.mock('../api/list-notifications', () => ({ listNotifications: vi.fn() }));
vi.mock('../../../api/mark-read', () => ({ markNotificationRead: vi.fn() }));
vi.mock('../../../api/mark-all-read', () => ({ markAllNotificationsRead: vi.fn() }));
vi.mock('../../../api/archive-notification', () => ({ archiveNotification: vi.fn() }));

const unreadRow = notificationRow({ id: 11 });
const readRow = notificationRow({
  id: 12,
  isUnRead: false,
  notificationRead: 'Oui',
  folder: null,
  typeFolder: 'verif',
});

beforeEach(() => {
  vi.mocked(getUnreadCount).mockResolvedValue(3);
  vi.mocked(listNotifications).mockImplementation(async (read) =>
    read ? { notifications: [readRow], total: 1, unread: 3 } : { notifications: [unreadRow], total: 3, unread: 3 },
  );
  vi.mocked(markNotificationRead).mockResolvedValue(new Response(null, { status: 204 }));
  vi.mocked(archiveNotification).mockResolvedValue(new Response(null, { status: 204 }));
});

async function openDrawer() {
  renderPage(<NotificationBell />);
  expect(await screen.findByTestId('notification-count')).toHaveTextContent('3');
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  it('shows the unread count on the bell and the count of each tab', async () => {
    const drawer = await openDrawer();
    expect(await within(drawer).findByRole('tab', { name: 'Non lues (3)' })).toBeInTheDocument();
    expect(within(drawer).getByRole('tab', { name: 'Lues (1)' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Non lue : Relance client/ })).toBeInTheDocument();
    expect(drawer.querySelector('.notification-unread-dot')).not.toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Voir toutes' })).toHaveAttribute('href', '/me/notifications');
  });

  it('shows "Aucune notification trouvée." in an empty tab', async () => {
    vi.mocked(getUnreadCount).mockResolvedValue(0);
    vi.mocked(listNotifications).mockResolvedValue({ notifications: [], total: 0, unread: 0 });
    renderPage(<NotificationBell />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('Aucune notification trouvée.')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('opens the detail dialog, marks it read, and archiving closes it and emits the archived event', async () => {
    const archived = vi.fn();
    const off = eventBus.on('notification:archived', archived);
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: /Relance client/ }));
    // rc-util gives every dialog the id "test-id" under test, so names collide: find the modal by its title.
    const dialog = (await screen.findByText('Notification', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByRole('button', { name: 'Voir le dossier' })).toBeInTheDocument();
    await waitFor(() => expect(markNotificationRead).toHaveBeenCalledWith(11));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(archived).toHaveBeenCalledWith({ id: 11 }));
    expect(archiveNotification).toHaveBeenCalledWith(11);
    // jsdom runs no CSS animation: a closing antd modal stays in its "leave" state.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    off();
  });
});
