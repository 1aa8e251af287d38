import { CheckCircleFilled } from '@ant-design/icons';
import { Modal, Space, theme } from 'antd';
import { useEffect, useState } from 'react';
import { eventBus, type FollowUpEvent } from '../../runtime/event-bus';

export const ACTION_PERFORMED_MS = 2000;

/**
 * When a modal announces `modal:closed`
 * with a message, this shows "action performed" with that message for 2 s,
 * then fires the optional follow-up event. Mount it once (the shell does).
 */
export function ActionPerformedModal({ durationMs = ACTION_PERFORMED_MS }: { durationMs?: number }) {
  const [message, setMessage] = useState<string | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = eventBus.on('modal:closed', ({ message: text, followUp }) => {
      if (!text) return;
      clearTimeout(timer);
      setMessage(text);
      timer = setTimeout(() => {
        setMessage(null);
        if (followUp) emitFollowUp(followUp);
      }, durationMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [durationMs]);

  return (
    <Modal open={message !== null} footer={null} closable={false} centered width={360} title="Action effectuée">
      <Space>
        <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 20 }} aria-hidden />
        <span role="status">{message}</span>
      </Space>
    </Modal>
  );
}

function emitFollowUp(event: FollowUpEvent): void {
  // The union keeps name and payload paired at the call site; TypeScript cannot correlate them here.
  eventBus.emit(event.name, event.payload as never);
}
