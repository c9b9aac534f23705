// Dutch label vocabulary, one alternative per line, in folded text (see build.ts).
import type { Vocabulary } from './build.ts';

export const NL: Vocabulary = {
  // "BTW" and "Totaal BTW", unless a VAT number's label ("BTW-nummer", "BTW NL123…").
  btwTotals: [
    String.raw`(totaal\s+)?btw\b(?!\s*(-?nummer|nr|id|nl\s?\d|identificatie))`,
  ],
  exclBtwTotals: [
    String.raw`(totaal\s+)?(exclusief|excl\.?)\s+btw`,
  ],
  inclBtwTotals: [
    String.raw`totaal\s+(inclusief|incl\.?)\s+btw`,
    String.raw`te\s+betalen`,
    String.raw`factuur\s*totaal`,
    String.raw`totaal\s*factuur`,
    'totaalbedrag',
  ],
  // The VAT base.
  vatBases: [
    String.raw`(btw[- ]?)?grondslag`,
  ],

  invoiceDateLabels: [
    String.raw`factuur\s*datum`,
  ],
  titlesBeforeDate: [
    'factuur',
  ],

  dueDateLabels: [
    'vervaldatum',
    String.raw`te\s+betalen\s+voor`,
  ],
  otherDateLabels: [
    'leverdatum',
    'besteldatum',
  ],
  numberedTitles: [
    'factuur',
  ],
  numberLabels: [
    String.raw`factuurnummer\b`,
  ],
  invoiceTitles: [
    'factuur',
  ],

  customerLabels: [
    'factuuradres',
    'afleveradres',
    'klantgegevens',
  ],
  itemHeadings: [
    'omschrijving',
    'aantal',
  ],
  legalForms: [
    String.raw`b\.?v\.?`,
    String.raw`n\.?v\.?`,
  ],
  titleWords: [
    'factuur',
  ],
  creditNoteTitles: [
    'creditnota',
    'creditfactuur',
  ],
  invoiceWords: [
    String.raw`factu\w*`,
  ],
};
