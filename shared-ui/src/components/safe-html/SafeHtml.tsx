import { type CSSProperties, useEffect, useMemo, useState } from 'react';

type Sanitize = (html: string | null | undefined) => string;

let loaded: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/**
 * The sanitiser (DOMPurify, ~7 kB compressed) comes with the first page that shows server HTML, not with every
 * page: most never do. A page that must show it offline (the fitter's task) loads it beforehand.
 */
export function preloadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize-html').then((module) => {
    loaded = module.sanitizeHtml;
    return module.sanitizeHtml;
  });
  // A failed download (connection lost) is tried again by the next page that needs it.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function useSanitizer(): Sanitize | undefined {
  const [sanitize, setSanitize] = useState(() => loaded);
  useEffect(() => {
    if (sanitize) return;
    let shown = true;
    preloadSanitizer().then(
      (ready) => shown && setSanitize(() => ready),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [sanitize]);
  return sanitize;
}

export interface SafeHtmlProps {
  html: string | null | undefined;
  as?: 'div' | 'span' | 'section' | 'article';
  className?: string;
  style?: CSSProperties;
  /** Shown when the HTML is empty after sanitising (the notification dialog uses "No content"). */
  emptyText?: string;
}

/**
 * The only place server HTML reaches the DOM, always through `sanitizeHtml`: until the sanitiser has arrived
 * (a few milliseconds, once per page), nothing is shown rather than the raw HTML.
 */
export function SafeHtml({ html, as: Tag = 'div', className, style, emptyText }: SafeHtmlProps) {
  const sanitize = useSanitizer();
  const clean = useMemo(() => sanitize?.(html), [sanitize, html]);
  if (clean === undefined) return <Tag className={className} style={style} aria-busy="true" />;
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
