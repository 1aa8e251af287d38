import sanitize from 'sanitize-html';

/**
 * What stored HTML may keep: the formatting the rich-text editor writes (paragraphs, bold, italic, underline, lists,
 * links), the tables and headings of the documentation pages, images, and the classes and data attributes the
 * server's own notification HTML uses. Anything else (scripts, frames, forms, media, SVG, MathML, styles) goes, and
 * so do event handlers, `style` (the browser's SafeHtml drops it too) and `id` (an id can shadow a page's globals).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img'],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir', 'data-*'],
    a: ['href', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Links and images point at web pages, mail addresses, phone numbers or paths of the site: never javascript:,
  // data: or vbscript: (a space or tab hidden inside the scheme is seen through by the library).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // A browser reads these elements' content as plain text, this parser as HTML: their content is dropped with them,
  // so that nothing a browser would never have built as markup comes out as markup.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'title',
  ],
};

/**
 * Server-side HTML cleaning for everything stored or served as HTML
 * (notification content, partials, templates, the SMS template): scripts,
 * event handlers and `javascript:` URLs go; formatting stays.
 */
export function sanitizeHtml(html: string): string {
  // The library ends void elements XHTML-style (`<br />`); written as a browser writes them (`<br>`). Safe to do on
  // the output: every `>` of a text or an attribute value is escaped there, so ` />` can only end such a tag.
  // It also decodes `&nbsp;` (the editor writes typed spaces so) to the character itself: written back as the entity,
  // as a browser serialises it, so stored HTML and the messages rendered from it read as before.
  return sanitize(html, OPTIONS).replaceAll(' />', '>').replaceAll('\u00a0', '&nbsp;');
}

/** Escapes text placed inside HTML the server builds itself. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
