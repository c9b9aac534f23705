// Factur-X / ZUGFeRD / XRechnung: the embedded XML is the invoice, exactly.
import { invoiceFromXml } from '../facturx/xml-invoice.ts';
import type { Step } from '../pipeline.ts';
import { exactConfidence } from './xml-step.ts';

// Known names first; any other embedded .xml is tried after them.
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

export const facturxStep: Step = {
  source: 'facturx',
  applies: ({ doc }) => doc.pdf !== null,
  async run({ doc }) {
    const files = (await doc.pdf!.attachments()).filter((a) => a.name.toLowerCase().endsWith('.xml'));
    if (!files.length) return { kind: 'skipped', reason: 'no embedded XML' };
    const rank = (name: string) => {
      const i = KNOWN_NAMES.indexOf(name.toLowerCase());
      return i === -1 ? KNOWN_NAMES.length : i;
    };
    for (const file of files.sort((a, b) => rank(a.name) - rank(b.name))) {
      const invoice = invoiceFromXml(new TextDecoder().decode(file.content));
      if (invoice) return { kind: 'found', invoice: exactConfidence(invoice) };
    }
    return { kind: 'skipped', reason: `embedded XML (${files.map((f) => f.name).join(', ')}) is not a known invoice syntax` };
  },
};
