import DOMPurify from 'dompurify';

/**
 * The one sanitiser for server-provided HTML (notifications, documentation,
 * sent-folder modals). DOMPurify's HTML profile already drops scripts, event
 * handlers and javascript: URLs; on top of that we forbid whatever could
 * navigate, submit, embed or restyle the page.
 */
const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'svg',
  'math',
];
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'ping'];
/** http(s), mailto, tel, relative URLs and anchors only: no javascript:, data:, vbscript:… */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let hooked = false;

function addLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer');
      if (node.getAttribute('target') && node.getAttribute('target') !== '_blank') node.removeAttribute('target');
    }
  });
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  addLinkHook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SAFE_FOR_TEMPLATES: false,
  });
}
