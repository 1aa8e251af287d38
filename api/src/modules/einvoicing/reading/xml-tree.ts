import { XMLParser } from 'fast-xml-parser';
import { UnreadableInvoice } from './received-invoice';

/*
 * An e-invoice's XML as a plain tree: namespace prefixes dropped (CII's ram:, UBL's cbc:), attributes as "@name",
 * every value a string. A file declaring a DOCTYPE is refused before parsing: no entity of a stranger's file is
 * ever expanded.
 */

export type XmlNode = Record<string, unknown>;

/** Elements that may repeat: always arrays, so a reader never meets one or many. */
const REPEATED = new Set([
  'IncludedSupplyChainTradeLineItem',
  'ApplicableTradeTax',
  'SpecifiedTaxRegistration',
  'IncludedNote',
  'InvoiceLine',
  'CreditNoteLine',
  'TaxTotal',
  'TaxSubtotal',
  'PartyIdentification',
  'PartyTaxScheme',
  'PaymentMeans',
  'SpecifiedTradePaymentTerms',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});

export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE/i.test(text)) throw new UnreadableInvoice('Fichier XML refusé : il déclare un DOCTYPE');
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    throw new UnreadableInvoice('Fichier XML illisible');
  }
}

/** The child at a path of element names, or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** The text of the element at a path ('' when absent). */
export function text(node: unknown, ...path: string[]): string {
  const value = at(node, ...path);
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']).trim();
  return '';
}

/** An attribute of the element at a path ('' when absent). */
export function attribute(node: unknown, name: string, ...path: string[]): string {
  const value = at(node, ...path);
  return value && typeof value === 'object' ? String((value as XmlNode)[`@${name}`] ?? '') : '';
}

/** The repeated elements at a path (an empty list when absent). */
export function all(node: unknown, ...path: string[]): XmlNode[] {
  const parent = path.length > 1 ? at(node, ...path.slice(0, -1)) : node;
  const last = path[path.length - 1] ?? '';
  if (!parent || typeof parent !== 'object') return [];
  const value = (parent as XmlNode)[last];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]) as XmlNode[];
}
