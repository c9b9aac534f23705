// A namespace-free view of an XML document with the few lookups the invoice mappings need.
import { XMLParser } from 'fast-xml-parser';
import { ExtractionError } from '../types.ts';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities and character references remain to decode: a document that
  // declares anything (a DOCTYPE) never reaches the parser, see refuseDeclarations.
  processEntities: true,
});

/** Any DTD or entity declaration, anywhere (even in a comment: the refusal errs on the safe side). */
const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * An e-invoice needs no DTD. A DOCTYPE can name an external entity (XXE: a local file or a URL
 * read into the document) or nest entities that expand exponentially (billion laughs), so both are
 * refused before any parsing, as a final extraction error.
 */
export function refuseDeclarations(xml: string): void {
  const found = DECLARATION.exec(xml);
  if (found) {
    throw new ExtractionError('unsafe_xml', `The XML declares a ${found[1]!.toUpperCase()} (DTDs and entities are refused: no external entities, no entity expansion)`);
  }
}

export function parseXml(xml: string): XmlNode {
  refuseDeclarations(xml);
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
