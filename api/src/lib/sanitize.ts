import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One window for the process: building a JSDOM costs tens of milliseconds.
const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

/**
 * Server-side HTML cleaning for everything stored or served as HTML
 * (notification content, partials, templates, the SMS template): scripts,
 * event handlers and `javascript:` URLs go; formatting stays.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

/** Escapes text placed inside HTML the server builds itself. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
