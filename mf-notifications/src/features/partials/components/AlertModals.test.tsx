import { act, screen } from '@testing-library/react';
import { preloadSanitizer } from 'shared-ui';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { ALERT_TITLE, AlertModals } from './AlertModals';

const alert = '<div class="notification-modal" data-id="5">ALERTE A TRAITER<br>Dossier WX-987-YZ<br>Rappeler</div>';

beforeAll(async () => {
  // The modal's HTML shows once the sanitiser is loaded; loaded here, before the clock is frozen.
  await preloadSanitizer();
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AlertModals', () => {
  it('opens an "ALERTE A TRAITER" modal by itself about 2 s after loading', async () => {
    renderPage(<AlertModals modals={[alert]} />);
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByText(ALERT_TITLE)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByText(ALERT_TITLE)).toBeInTheDocument();
    expect(screen.getByText(/Rappeler/)).toBeInTheDocument();
  });

  it('leaves other modals closed', async () => {
    renderPage(<AlertModals modals={['<div>Information</div>']} />);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText(ALERT_TITLE)).toBeNull();
  });
});
