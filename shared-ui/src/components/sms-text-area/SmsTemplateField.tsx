import { useState } from 'react';
import { SmsTextArea } from './SmsTextArea';
import { htmlToSmsText, smsTextToHtml } from './sms-html';

export interface SmsTemplateFieldProps {
  /** The template as it is kept: HTML, a paragraph per line. */
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  disabled?: boolean;
}

/**
 * An SMS template typed as the plain text it will leave as, inside a form that keeps it as every template is kept
 * (HTML, a paragraph per line: the server reads it with `htmlToText`). The text typed is held here, so a line just
 * begun (a last Enter) is not lost on its way through the HTML.
 */
export function SmsTemplateField({ value = '', onChange, label, disabled }: SmsTemplateFieldProps) {
  const [shown, setShown] = useState(() => ({ value, text: htmlToSmsText(value) }));
  // The value changed from outside (a placeholder inserted, the form reset): show its text.
  if (value !== shown.value) setShown({ value, text: htmlToSmsText(value) });
  return (
    <SmsTextArea
      label={label}
      value={shown.text}
      disabled={disabled}
      onChange={(typed) => {
        const html = smsTextToHtml(typed);
        setShown({ value: html, text: typed });
        onChange?.(html);
      }}
    />
  );
}
