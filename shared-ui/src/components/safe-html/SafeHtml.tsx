import { type CSSProperties, useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

export interface SafeHtmlProps {
  html: string | null | undefined;
  as?: 'div' | 'span' | 'section' | 'article';
  className?: string;
  style?: CSSProperties;
  /** Shown when the HTML is empty after sanitising (the notification dialog uses "No content"). */
  emptyText?: string;
}

/** The only place server HTML reaches the DOM, always through `sanitizeHtml`. */
export function SafeHtml({ html, as: Tag = 'div', className, style, emptyText }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim() && emptyText !== undefined) {
    return (
      <Tag className={className} style={style}>
        {emptyText}
      </Tag>
    );
  }
  return (
    <Tag
      className={className}
      style={style}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the one sanctioned sink; `clean` went through DOMPurify above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
