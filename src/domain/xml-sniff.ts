// Recognises a standalone e-invoice from the start of its bytes: the XML prologue is skipped, then
// the root element's name and namespace decide. Nothing is parsed; a DOCTYPE is never followed.

/** The e-invoice syntaxes accepted as standalone files, by root element and namespace. */
export const XML_INVOICE_ROOTS: Readonly<Record<string, string>> = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  CrossIndustryInvoice: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
};

/** How far into the file the root element must start and end (prologue comments included). */
export const XML_SNIFF_BYTES = 16 * 1024;

export type XmlSniff =
  | { kind: 'invoice'; root: string }
  /** A DOCTYPE in the prologue: DTDs and entities are refused, whatever the root. */
  | { kind: 'dtd' }
  /** XML, but not an invoice syntax we accept (or its root does not fit in XML_SNIFF_BYTES). */
  | { kind: 'other' }
  /** The root element has not been seen yet: more bytes are needed to decide. */
  | { kind: 'incomplete' }
  | { kind: 'not-xml' };

const BOM = /^\uFEFF/;
const START_TAG = /^<((?:[A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Whether these first bytes may be XML at all: optional BOM and whitespace, then "<". */
export function looksLikeXml(head: Uint8Array): boolean {
  return /^\s*</.test(new TextDecoder().decode(head.subarray(0, 64)).replace(BOM, ''));
}

/**
 * Classifies the start of a file. `complete` says the head is the whole file (or all that will be
 * read), so a missing root is final rather than a request for more bytes.
 */
export function sniffXml(head: Uint8Array, complete: boolean): XmlSniff {
  const text = new TextDecoder().decode(head.subarray(0, XML_SNIFF_BYTES)).replace(BOM, '');
  if (!/^\s*</.test(text)) return { kind: 'not-xml' };
  const undecided = (): XmlSniff => (complete || head.length >= XML_SNIFF_BYTES ? { kind: 'other' } : { kind: 'incomplete' });
  let pos = 0;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    const rest = text.slice(pos);
    if (rest === '') return undecided();
    if (/^<!doctype/i.test(rest) || /^<!entity/i.test(rest)) return { kind: 'dtd' };
    const skip = rest.startsWith('<?') ? '?>' : rest.startsWith('<!--') ? '-->' : null;
    if (skip) {
      const end = rest.indexOf(skip, 2);
      if (end === -1) return undecided();
      pos += end + skip.length;
      continue;
    }
    if (rest.startsWith('<!') || !rest.startsWith('<')) return { kind: 'other' };
    const tag = START_TAG.exec(rest);
    if (!tag) return undecided();
    return rootKind(tag[1]!, tag[2] ?? '');
  }
}

function rootKind(name: string, attributes: string): XmlSniff {
  const [prefix, local] = name.includes(':') ? name.split(':') as [string, string] : [null, name];
  const namespaces = new Map<string, string>();
  for (const m of attributes.matchAll(ATTRIBUTE)) namespaces.set(m[1]!, m[2] ?? m[3] ?? '');
  const namespace = namespaces.get(prefix ? `xmlns:${prefix}` : 'xmlns');
  const expected = Object.hasOwn(XML_INVOICE_ROOTS, local) ? XML_INVOICE_ROOTS[local] : undefined;
  return expected && namespace === expected ? { kind: 'invoice', root: local } : { kind: 'other' };
}
