import { Button, Modal } from 'antd';
import { ALERT_AUTO_OPEN_MS, ALERT_MARKER, htmlToText } from 'contracts';
import { useEffect, useMemo, useState } from 'react';
import { SafeHtml } from 'shared-ui';
import { useInAppLinks } from './UnreadMenu';

export const ALERT_TITLE = 'Alerte à traiter';

/** A modal's identity across reloads: its notification id when the server gave one, else its HTML. */
export const modalKey = (html: string): string => /data-id="(\d+)"/.exec(html)?.[1] ?? html;

/**
 * The server's modals: one whose text contains "ALERTE A TRAITER" opens by
 * itself about 2 s after it arrives (docs/product.md), one at a time. A closed
 * alert does not come back in this tab, even when the partials reload.
 */
export function AlertModals({ modals }: { modals: readonly string[] | undefined }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const [current, setCurrent] = useState<string | null>(null);
  const follow = useInAppLinks();

  const next = useMemo(
    () => (modals ?? []).find((html) => htmlToText(html).includes(ALERT_MARKER) && !dismissed.has(modalKey(html))),
    [modals, dismissed],
  );

  useEffect(() => {
    if (current !== null || next === undefined) return;
    const timer = setTimeout(() => setCurrent(next), ALERT_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [current, next]);

  const close = () => {
    if (current !== null) setDismissed((previous) => new Set(previous).add(modalKey(current)));
    setCurrent(null);
  };

  return (
    <Modal
      open={current !== null}
      title={ALERT_TITLE}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          J’ai compris
        </Button>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation to the links of the server HTML. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a keyboard Enter on a link fires this click too. */}
      <div
        onClick={(event) => {
          follow(event);
          if (event.defaultPrevented) close();
        }}
      >
        {current !== null ? <SafeHtml html={current} style={{ whiteSpace: 'pre-line' }} /> : null}
      </div>
    </Modal>
  );
}
