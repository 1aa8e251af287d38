import { App } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../runtime/http';

export const FEEDBACK_DEFAULTS = {
  success: 'Modifications enregistrées',
  error: 'Une erreur est survenue',
  info: 'Information',
  confirmTitle: 'Confirmer',
  ok: 'Confirmer',
  cancel: 'Annuler',
} as const;

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
}

/**
 * Toasts, notifications and confirmations with French defaults, on antd's App
 * context (so they follow the theme). `error` takes the caught error and shows
 * the server's message when it sent one.
 */
export function useFeedback() {
  const { message, notification, modal } = App.useApp();
  return {
    success: (text: ReactNode = FEEDBACK_DEFAULTS.success) => message.success(text),
    info: (text: ReactNode = FEEDBACK_DEFAULTS.info) => message.info(text),
    error: (error?: unknown, fallback: string = FEEDBACK_DEFAULTS.error) =>
      message.error(typeof error === 'string' ? error : errorMessage(error, fallback)),
    notify: (title: ReactNode, description?: ReactNode) => notification.info({ message: title, description }),
    confirm: ({
      title = FEEDBACK_DEFAULTS.confirmTitle,
      content,
      okText = FEEDBACK_DEFAULTS.ok,
      danger,
    }: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText: FEEDBACK_DEFAULTS.cancel,
          okButtonProps: { danger },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  };
}

export type Feedback = ReturnType<typeof useFeedback>;
