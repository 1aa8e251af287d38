import { JSDOM } from 'jsdom';

/*
 * Whether a sanitizer's output is safe, judged the way it matters: by what a browser's HTML parser builds from it
 * (jsdom parses with parse5, which follows the HTML standard), not by looking for words in the text. The text
 * « javascript:alert(1) » typed in a comment is harmless; the same in an href is not.
 */

/** Elements that run code, load a document or another origin's content, or change how the page's URLs resolve. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'form',
  'svg',
  'math',
  'template',
  'noscript',
]);
/** Attributes a browser follows as a URL or a document. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'srcdoc',
  'srcset',
  'ping',
]);
/** Schemes that run script or carry a document of their own. */
const SCRIPTED_URL = /^(?:javascript|vbscript|data):/;

const window = new JSDOM('').window;

/** What in `html` could run script once inserted into a page, as `<tag>` or `tag[attribute]`; empty when safe. */
export function unsafeParts(html: string): string[] {
  const host = window.document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    const name = element.localName;
    if (ACTIVE_ELEMENTS.has(name)) found.push(`<${name}>`);
    for (const attribute of element.attributes) {
      // A browser ignores tabs, line breaks and control characters inside a URL's scheme: so does the check.
      const value = [...attribute.value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (attribute.name.startsWith('on')) found.push(`${name}[${attribute.name}]`);
      else if (URL_ATTRIBUTES.has(attribute.name) && SCRIPTED_URL.test(value)) found.push(`${name}[${attribute.name}]`);
      // Old browsers ran a javascript: URL or an expression() inside CSS; none does today, but stored text has no
      // reason to carry one.
      else if (attribute.name === 'style' && /javascript:|expression\(/.test(value)) found.push(`${name}[style]`);
    }
  }
  return found;
}
