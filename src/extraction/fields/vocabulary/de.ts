// German label vocabulary, one alternative per line, in folded text (see build.ts).
import type { Vocabulary } from './build.ts';
import { VAT_QUALIFIER } from './fragments.ts';

export const DE: Vocabulary = {
  netTotals: [
    'nettobetrag',
    'summe netto',
    'gesamt netto',
    'nettosumme',
    String.raw`netto\s*betrag`,
    'rechnungsbetrag netto',
    'gesamtbetrag netto',
    'warenwert',
    'summe waren',
    'warensumme',
    // The subtotal before VAT, as English "Subtotal" and French "Sous-total".
    'zwischensumme',
    'netto',
  ],
  // "Summe ohne USt.", "Rechnungsbetrag exkl. MwSt."
  netWithoutVat: [
    String.raw`(rechnungs)?(summe|betrag|gesamtbetrag)\s+(ohne|exkl\.?|excl\.?)\s*(ust|mwst|umsatzsteuer|steuer)\b\.?`,
  ],
  netSums: [
    String.raw`(rechnungs|gesamt)summe\s+netto\b${VAT_QUALIFIER}`,
  ],
  // An insurance premium ("Beitrag") before its insurance tax.
  netPremiums: [
    String.raw`(gesamt|netto)beitrag`,
  ],
  vatNames: [
    // OCR with the French and English models often reads "MwSt." as "MwsSt." (3 VATs on one tune seed).
    String.raw`mws?st\.?`,
    String.raw`ust\.?`,
    // "Umsatzssteuer": a joining s doubled, as factur-x-kit's German template prints it on every invoice.
    String.raw`umsatzs?steuer`,
    'mehrwertsteuer',
  ],
  vatAmounts: [
    'steuerbetrag',
    String.raw`ust\.?-?betrag`,
    String.raw`mwst\.?-?betrag`,
    'umsatzsteuerbetrag',
    String.raw`summe\s+(ust|mwst|umsatzsteuer)`,
  ],
  insuranceTaxes: [
    String.raw`versicherungs?steuer`,
  ],
  grossTotals: [
    String.raw`gesamtbetrag(?!\s+(der|netto))`,
    'rechnungsbeitrag',
    'bruttobetrag',
    'bruttosumme',
    String.raw`(rechnungs|gesamt)?summe\s+brutto${VAT_QUALIFIER}`,
    String.raw`(rechnungs)?summe\s+(mit|inkl\.?)\s*(ust|mwst|umsatzsteuer)`,
    'rechnungsbetrag',
    String.raw`rechnungssumme(?!\s+(netto|ohne|exkl|excl))`,
    'gesamtsumme',
    'endbetrag',
    'rechnungsendbetrag',
    'total brutto',
    String.raw`gesamt\s*\(?\s*brutto\s*\)?`,
    'endsumme',
  ],
  // "Brutto   104,00 €" under "Netto" and "USt.": the gross total, when it opens its cell.
  bareGrossTotals: [
    'brutto',
  ],
  amountsDue: [
    'zahlbetrag',
    String.raw`zu\s+zahlen(der\s+betrag)?`,
    String.raw`offener\s+betrag`,
    'zahlungsbetrag',
    'restbetrag',
  ],
  // "Rabatt", "Treuerabatt", "Preisnachlass".
  discounts: [
    String.raw`[a-z]*rabatt`,
    String.raw`[a-z]*nachlass`,
    String.raw`[a-z]*bonus`,
    String.raw`kulanz\w*`,
  ],
  vatAbsent: [
    String.raw`(ohne|keine)\s+(ust|mwst|umsatzsteuer|mehrwertsteuer)`,
    String.raw`(ust|mwst)\.?-?(frei|befreit)`,
    String.raw`nicht\s+(umsatz)?steuerbar`,
    String.raw`(umsatz)?steuerfrei`,
  ],
  afterDiscount: [
    String.raw`nach\s+([a-z]*rabatt|[a-z]*nachlass)`,
  ],
  depositsPaid: [
    String.raw`erhalten\w*`,
    String.raw`bezahlt\w*`,
    String.raw`geleistet\w*`,
    'abzgl',
    'abzuglich',
    String.raw`gezahlt\w*`,
    String.raw`nachste\w*`,
  ],
  depositsAsked: [
    'anzahlung',
    String.raw`abschlag\w*`,
  ],
  amountDecoys: [
    'anzahlung',
    'skonto',
    'rabatt',
    'uebertrag',
    'ubertrag',
  ],
  itemHeadings: [
    'beschreibung',
    'bezeichnung',
    'artikel',
    'leistung',
    'menge',
    'anzahl',
    String.raw`anz\.?`,
    'einzelpreis',
  ],
  zeroVatEvidence: [
    'steuerfrei',
    'umsatzsteuerbefreit',
    'steuerbefreit',
    'kleinunternehmer',
    String.raw`steuerschuldnerschaft\s+des\s+leistungsempfangers`,
    String.raw`innergemeinschaftliche\s+lieferung`,
  ],
  // "§ 19 UStG": the small-business exemption, cited by its paragraph.
  zeroVatParagraphs: [
    String.raw`§\s*19\s*ustg`,
  ],

  invoiceDateLabels: [
    String.raw`rechnungs-?datum`,
    String.raw`ausstellungs-?datum`,
    String.raw`beleg-?datum`,
    String.raw`datum\s+der\s+rechnung`,
    String.raw`gutschrifts-?datum`,
    String.raw`korrektur-?datum`,
    String.raw`ausgestellt\s+am`,
  ],
  dueDateLabels: [
    'faellig',
    'fallig',
    'zahlbar',
    'zahlungsziel',
    String.raw`f(a|ae)lligkeit\w*`,
    'zahlungsfrist',
    'zahlungstermin',
    String.raw`spatestens\s+(am|bis)`,
    // "Bitte überweisen Sie den Betrag bis zum 20.08.2024"
    String.raw`bis\s+zum`,
  ],
  otherDateLabels: [
    'lieferdatum',
    'leistungsdatum',
    'liefer',
    'bestell',
    'zeitraum',
    'vertrag',
    'auftrag',
    'leistung',
    'abrechnungszeitraum',
    'versand',
    'lieferschein',
    // A payment or goods already received (not "Anzahlungsrechnung vom").
    String.raw`(bezahlt|erhalten|eingegangen)\s+am`,
  ],
  dateWords: [
    String.raw`datum\s*(/|&|und)\s*(uhr)?zeit`,
    'datum',
  ],
  // "Korrektur der Rechnung R-1 vom", "zur Rechnung Nr. 7 vom", "Ihre Rechnung vom": another
  // invoice's date, the one a credit note or a letter refers to.
  // "Nächstes Rechnungsdatum", "letzte Rechnung vom": another invoice's date.
  dateQualifiersBefore: [
    String.raw`nachste[nrs]?`,
    String.raw`letzte[nrs]?`,
    String.raw`vorherige[nrs]?`,
    String.raw`ursprungliche[nrs]?`,
    'original',
  ],
  otherInvoiceMentions: [
    // "abzgl. Abschlagsrechnung Nr. 188 vom", "Bezug: Rechnung Nr. 188 vom", "lt. Rechnung Nr. 188 vom".
    String.raw`abzgl\.?`,
    String.raw`abzuglich`,
    String.raw`bezug\s*:?`,
    String.raw`betrifft\s*:?`,
    String.raw`referenz\s*:?`,
    String.raw`lt\.`,
    'laut',
    'fur',
    'aus',
    'der',
    'zur?',
    String.raw`(ihre|unsere)[rn]?`,
    String.raw`bezuglich`,
  ],
  datedWords: [
    'vom',
    'von',
  ],
  // "Rechnung", and its compounds: "Handelsrechnung", "Anzahlungsrechnung", "Schlussrechnung".
  datedTitles: [
    // Not "Originalrechnung vom", "Ursprungsrechnung vom": the invoice a credit note corrects.
    String.raw`(?!original|ursprung)[a-z]*rechnung`,
    'gutschrift',
  ],
  // "Leipzig, den 21.06.2024": a letter's date.
  letterDateWords: [
    'den',
  ],
  titlesBeforeDate: [
    'rechnung',
  ],

  numberedTitles: [
    'gutschrift',
  ],
  // "Rechnung" closes compounds ("Beitragsrechnung Nr."), so it needs no word boundary before it.
  compoundTitles: [
    'rechnung',
  ],
  numberWords: [
    'nr',
  ],
  cellNumberWords: [
    'nummer',
    'nr',
  ],
  numberedDocuments: [
    'rechnung',
  ],
  // "Rechnungsnummer", "Gutschriftsnummer": the compound's linking "s".
  numberLabels: [
    String.raw`(rechnungs|gutschrifts)-?(nummer|nr)\b\.?`,
  ],
  voucherNumbers: [
    String.raw`beleg[- ]?(nummer|nr\.?)`,
  ],
  invoiceTitles: [
    'rechnung',
    'gutschrift',
  ],

  sellerHeadings: [
    'verkaufer',
    'lieferant',
    'rechnungssteller',
    String.raw`rechnungs-?ersteller`,
    'aussteller',
    'absender',
    'leistungserbringer',
    // A whole cell only (the pattern is anchored): "Von:" heading the seller's block.
    'von',
  ],
  // The keys of a party's block ("Ansprechpartner: Kontaktperson"), whose colon OCR may lose.
  contactKeys: [
    'ansprechpartner',
    'kontakt',
    'anschrift',
    'telefon',
    'nummer',
  ],
  customerLabels: [
    'kunde',
    'kundennummer',
    'rechnungsempfanger',
    'kaufer',
    'leistungsempfanger',
    'warenempfanger',
    'rechnungsadresse',
    'lieferadresse',
    // "Rechnung an", "Empfänger" heading their block, each a whole cell.
    String.raw`(?<=(^|\u2003)\s?)(rechnung\s+an|empfanger)(?=\s*:?\s*($|\u2003))`,
    // "An:" heading its block: a whole cell, with its colon.
    String.raw`(?<=(^|\u2003)\s?)an(?=\s*:\s*($|\u2003))`,
  ],
  legalForms: [
    String.raw`gmbh(?:\s*&\s*co\.?\s*kg)?`,
    'ag',
    // After a number it is the unit: "Café en grains 1 kg", not a Kommanditgesellschaft.
    String.raw`(?<!\d\s?)kg`,
    'ohg',
    String.raw`e\.?k\.?`,
    'ug',
  ],
  // The street's kind, written onto its name before the number ("Lindenstraße 4", "Bahnstr. 42").
  streetTypes: [
    String.raw`\S*(strasse|straße|str\.|weg|platz|allee|gasse)`,
  ],
  titleWords: [
    'rechnung',
    'gutschrift',
  ],
  creditNoteTitles: [
    'gutschrift',
    'rechnungskorrektur',
    'korrekturrechnung',
    'stornorechnung',
  ],
  // "Rechnungsdatum", "Datum der Rechnung": the word inside a compound too.
  invoiceWords: [
    String.raw`\w*rechnung\w*`,
  ],
};
