/*
 * A small XML writer for the structured invoices (CII, UBL): elements in the order given, text escaped, and an
 * element left out when it has nothing to say, so an optional field of the standards costs one line and never
 * an empty tag a schema would refuse. Output is deterministic: the same input gives the same bytes.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string | null;
}

type Content = string | number | null | undefined | false | XmlElement | Content[];

/**
 * `element('ram:Name', 'Garage')`, `element('ram:ID', siren, { schemeID: '0002' })`, or children in order:
 * `element('ram:SellerTradeParty', [name, address])`. Text that is empty, null, undefined or false, and
 * children lists that end up empty, make no element (returns null).
 */
export function element(name: string, content: Content, attributes: Record<string, string> = {}): XmlElement | null {
  if (typeof content === 'string' || typeof content === 'number') {
    const text = String(content);
    return text === '' ? null : { name, attributes, children: [], text };
  }
  const children = flatten(content);
  return children.length === 0 ? null : { name, attributes, children, text: null };
}

function flatten(content: Content): XmlElement[] {
  if (content === null || content === undefined || content === false) return [];
  if (Array.isArray(content)) return content.flatMap(flatten);
  if (typeof content === 'object') return [content];
  return [];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
/** Characters XML 1.0 forbids (control characters other than tab, line feed and carriage return). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function render(node: XmlElement, depth: number): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value.replace(FORBIDDEN, ''))}"`)
    .join('');
  if (node.text !== null) {
    return `${indent}<${node.name}${attributes}>${escapeText(node.text.replace(FORBIDDEN, ''))}</${node.name}>`;
  }
  const children = node.children.map((child) => render(child, depth + 1)).join('\n');
  return `${indent}<${node.name}${attributes}>\n${children}\n${indent}</${node.name}>`;
}

/** The document, with its XML declaration, UTF-8. */
export function renderXml(root: XmlElement | null): string {
  if (!root) throw new Error('empty XML document');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`;
}
