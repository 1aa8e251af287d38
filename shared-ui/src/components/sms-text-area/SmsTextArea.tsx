import { Input, Typography } from 'antd';
import { smsSegments } from 'contracts';

export interface SmsTextAreaProps {
  /** The text as it will leave. */
  value?: string;
  onChange?: (text: string) => void;
  /** Accessible name of the text area. */
  label: string;
  disabled?: boolean;
  placeholder?: string;
}

/** « 31 caractères · 1 SMS », and why an SMS holds only 70 characters once it carries a sign outside GSM 7 bits. */
export function smsCounterText(text: string): string {
  const count = smsSegments(text.trim());
  const characters = `${count.characters} caractère${count.characters > 1 ? 's' : ''}`;
  const unicode = count.encoding === 'UCS-2' ? ' (Unicode : 70 caractères par SMS)' : '';
  return `${characters} · ${count.segments} SMS${unicode}`;
}

/**
 * The one place an SMS is typed (a folder's SMS, an SMS template): plain text, as many lines as needed, and the count
 * of characters and SMS it will cost, read out to screen readers as it changes. Works as an antd Form item.
 */
export function SmsTextArea({ value = '', onChange, label, disabled = false, placeholder }: SmsTextAreaProps) {
  return (
    <>
      <Input.TextArea
        aria-label={label}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        autoSize={{ minRows: 3, maxRows: 10 }}
      />
      <Typography.Text type="secondary" aria-live="polite" data-testid="sms-count" style={{ display: 'block' }}>
        {smsCounterText(value)}
      </Typography.Text>
    </>
  );
}
