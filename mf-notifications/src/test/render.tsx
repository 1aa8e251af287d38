import { render } from '@testing-library/react';
import type { NotificationRow } from 'contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from 'shared-ui';

/** Renders inside the providers and a router, as the shell does. */
export function renderPage(ui: ReactElement, path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

let nextId = 100;

export function notificationRow(overrides: Partial<NotificationRow> = {}): NotificationRow {
  nextId += 1;
  return {
    id: nextId,
    content: `Relance client<br>Dossier AB-${nextId}<br>Le client n'a pas répondu.`,
    folder: { id: 7, title: `AB-${nextId}` },
    typeFolder: 'relance',
    createdAt: '2026-11-20T10:00:00.000Z',
    notificationRead: 'Non',
    isUnRead: true,
    avatarUrl: null,
    ...overrides,
  };
}
