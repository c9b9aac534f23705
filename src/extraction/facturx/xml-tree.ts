// A namespace-free view of an XML document with the few lookups the invoice mappings need.
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // Entity expansion is capped by fast-xml-parser itself; DOCTYPEs are not followed anywhere.
});

export function parseXml(xml: string): XmlNode {
  return parser.parse(xml) as XmlNode;
}

const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** All nodes at a slash-separated path, through repeated elements. */
export function all(node: unknown, path: string): unknown[] {
  let current: unknown[] = [node];
  for (const key of path.split('/')) {
    current = current.flatMap((n) => (n && typeof n === 'object' ? asArray((n as XmlNode)[key]) : []));
  }
  return current;
}

export function first(node: unknown, path: string): unknown {
  return all(node, path)[0];
}

/** The text of a node: plain strings, or the #text of an element with attributes. */
export function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim() || null;
  const value = (node as XmlNode)['#text'];
  return value === undefined ? null : String(value).trim() || null;
}

export const textAt = (node: unknown, path: string): string | null => text(first(node, path));

export function attr(node: unknown, name: string): string | null {
  if (!node || typeof node !== 'object') return null;
  const value = (node as XmlNode)[`@${name}`];
  return value === undefined ? null : String(value);
}
