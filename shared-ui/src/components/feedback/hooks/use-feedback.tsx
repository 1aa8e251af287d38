import { App, Button, Flex } from 'antd';
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

/** A question with more than yes or no: each answer a button, « Annuler » (or Échap) answering none. */
export interface ChoiceOptions<K extends string> {
  title: ReactNode;
  content?: ReactNode;
  /** In reading order; the last one is usually the one advised (`primary`). */
  choices: readonly { key: K; label: string; primary?: boolean }[];
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
    /** Resolves the key of the answer chosen, undefined when the person cancelled. */
    choose: <K extends string>({ title, content, choices }: ChoiceOptions<K>) =>
      new Promise<K | undefined>((resolve) => {
        const answer = (key: K | undefined) => {
          instance.destroy();
          resolve(key);
        };
        const instance = modal.confirm({
          title,
          content,
          onCancel: () => resolve(undefined),
          footer: (
            <Flex justify="end" gap={8} wrap style={{ marginTop: 16 }}>
              <Button onClick={() => answer(undefined)}>{FEEDBACK_DEFAULTS.cancel}</Button>
              {choices.map((choice) => (
                <Button
                  key={choice.key}
                  type={choice.primary ? 'primary' : 'default'}
                  onClick={() => answer(choice.key)}
                >
                  {choice.label}
                </Button>
              ))}
            </Flex>
          ),
        });
      }),
  };
}

export type Feedback = ReturnType<typeof useFeedback>;
