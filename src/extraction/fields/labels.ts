// Label knowledge in French, English and German. Patterns match folded text (see text-normalise.ts).
// Each label carries a weight: how sure we are that a value next to it is that field.

export type AmountRole = 'ht' | 'tva' | 'ttc' | 'due';

export interface Label<R extends string> { role: R; re: RegExp; weight: number }

/** "(excl. USt.)", "(inkl. MwSt.)": part of the label before it, not a VAT label of its own. */
const VAT_QUALIFIER = String.raw`(\s*\(\s*(excl|exkl|inkl|incl|zzgl|hors|ohne|mit)\.?\s*(ust|mwst|vat|tva|taxes?)\.?\s*\))?`;

const L = <R extends string>(role: R, weight: number, source: string): Label<R> =>
  ({ role, weight, re: new RegExp(source, 'g') });

export const AMOUNT_LABELS: Label<AmountRole>[] = [
  L('ht', 1, String.raw`\b(total|montant|sous[- ]?total|base|net)\s*(net\s*)?(\(?\s*h\.?\s?t\.?\s*\)?|hors\s+tax\w*)(?![a-z])`),
  L('ht', 0.95, String.raw`\btotal(\s+sales)?\s*\(?\s*(excl\.?|excluding|before|net|w/o|without)\b([^0-9]{0,15}?(vat|tax|gst|sst))?|\b(net amount|amount excl\w*\.?( vat| tax)?)`),
  L('ht', 0.9, String.raw`\b(sub[- ]?total|sous[- ]?total|net total|nettobetrag|summe netto|gesamt netto|nettosumme|netto\s*betrag|rechnungsbetrag netto|warenwert|summe waren|warensumme|total net|netto)\b`),
  L('ht', 0.95, String.raw`\b(rechnungs)?(summe|betrag|gesamtbetrag)\s+(ohne|exkl\.?|excl\.?)\s*(ust|mwst|umsatzsteuer|steuer)\b\.?`),
  L('ht', 0.95, String.raw`\b(rechnungs|gesamt)summe\s+netto\b${VAT_QUALIFIER}`),
  L('tva', 1, String.raw`\b(total|montant)\s*(de\s+la\s+|de\s+|des\s+)?(t\.?v\.?a\.?|taxes?)\b(?!\s*(intra|n°|no\b|num))`),
  L('tva', 0.95, String.raw`\b(total\s+)?(vat|tax(es)?|mwst\.?|ust\.?|umsatzsteuer|mehrwertsteuer|gst|sst)(\s+(amount|total))?\b(?!\s*(-?id|no\b|n°|number|reg|nr|identif|incl|inc\b|excl))`),
  L('tva', 1, String.raw`\btaxe\s+sur\s+la\s+valeur\s+ajoutee\b`),
  L('tva', 0.95, String.raw`\b(totaal\s+)?btw\b(?!\s*(-?nummer|nr|id|nl\s?\d|identificatie))`),
  L('ht', 1, String.raw`\b(totaal\s+)?(exclusief|excl\.?)\s+btw\b`),
  L('ttc', 1, String.raw`\btotaal\s+(inclusief|incl\.?)\s+btw\b|\bte\s+betalen\b|\b(factuur\s*totaal|totaal\s*factuur|totaalbedrag)\b`),
  L('ht', 0.85, String.raw`\b(btw[- ]?)?grondslag\b`),
  L('ht', 0.85, String.raw`\b(gesamt|netto)beitrag\b`),
  L('tva', 0.95, String.raw`\b(steuerbetrag|ust\.?-?betrag|mwst\.?-?betrag|umsatzsteuerbetrag|summe\s+(ust|mwst|umsatzsteuer))\b`),
  // Insurance tax stands in the VAT's place on an insurance invoice (net + tax = total) and is its
  // tax total; "includes 19 % insurance tax" is part of a net that carries no VAT.
  L('tva', 0.85, String.raw`(?<!\b(enthalt|inkl\.?|incl\.?|including|dont)\s*(\d+\s*%\s*)?)\b(versicherungs?steuer|insurance\s+(premium\s+)?tax|taxe\s+(speciale\s+)?sur\s+les\s+(contrats\s+d')?assurances?)\b`),
  L('tva', 0.9, String.raw`\bt\.?v\.?a\.?(\b|(?=\d))(?!\s*(intra|n°|no\b|num|non applicable|:?\s*fr\s?\d))`),
  L('ttc', 1, String.raw`\b(total|montant|prix)\s*(net\s*)?(\(?\s*t\.?t\.?c\.?\s*\)?|toutes\s+taxes(\s+comprises)?)(?![a-z])`),
  L('ttc', 1, String.raw`\b(total\s+((€|eur)\s+)?(sales\s*)?\(?\s*(incl\.?|including|inclusive(\s+of)?|inc\.?|with)\b[^0-9]{0,12}?(vat|tax|gst|sst)|total\s*[(<\[]?\s*(vat|tax|gst|sst)\s+(incl\w*|inc)\b\.?\s*[)>\]]?|gesamtbetrag(?!\s+der)|rechnungsbeitrag|bruttobetrag|bruttosumme|(rechnungs|gesamt)?summe\s+brutto${VAT_QUALIFIER}|(rechnungs)?summe\s+(mit|inkl\.?)\s*(ust|mwst|umsatzsteuer)|rechnungsbetrag|rechnungssumme(?!\s+(netto|ohne|exkl|excl))|gesamtsumme|endbetrag|grand total|invoice total|total invoice|total amount|total facture|montant total|total general|rounded total|total \(rm\)|total sales(?!\s*\(?\s*(excl|before|w/o|without))|total brutto)`),
  L('ttc', 0.7, String.raw`(^|\u2003)\s*totaal\b(?!\s*(excl|exclusief|btw))|((^|\u2003)\s*|(?<!(sub|sous)[- ]?)\b(?=total\s*:))total\b(?!\s*(ht|h\.t|hors|tva|t\.v\.a|vat|tax|net|excl|qty|quantity|items?|discount|remise))`),
  // Receipts print their one total as "Total Payable"; invoices with deposits say "balance due".
  L('ttc', 0.9, String.raw`\b(total\s+(amount\s+)?payable|amount\s+payable)\b`),
  L('due', 1, String.raw`\b(net\s+a\s+payer|reste\s+a\s+payer|solde\s+(a\s+payer|du)|montant\s+(du|a\s+payer)|total\s+(a\s+payer|du)|a\s+payer|amount\s+due|balance\s+due|total\s+due|due\s+payable|zahlbetrag|zu\s+zahlen(der\s+betrag)?|offener\s+betrag|payable amount)\b`),
];

// Values next to these are never totals: deposits, discounts, fees, carried-forward subtotals.
export const AMOUNT_DECOYS = new RegExp(String.raw`\b(acompte|deja\s+(paye|regle|verse)|avance|deposit|already paid|anzahlung|escompte|remise|rabais|discount|skonto|rabatt|frais\s+de\s+recouvrement|indemnite\s+forfaitaire|recovery|retenue|retention|report|a\s+reporter|reporte|uebertrag|ubertrag|carried|brought forward|capital|penalit|assurance|rounding|arrondi|change|tendered|cash|paid|rendu|espece)\w*`);

export const ZERO_VAT_EVIDENCE = /\b(293\s*b|tva non applicable|autoliquidation|exoneration de tva|exonere de tva|vat exempt|reverse charge|steuerfrei|umsatzsteuerbefreit|steuerbefreit|kleinunternehmer|non soumis a la tva|franchise en base)\b|§\s*19\s*ustg\b/;

export type DateRole = 'invoice' | 'decoy' | 'due';

export const DATE_LABELS: Label<DateRole>[] = [
  L('invoice', 1, String.raw`\b(date\s+(de\s+(la\s+)?)?factur\w*|date\s+d'?\s?emission|date\s+d'edition|invoice\s+date|date\s+of\s+(issue|invoice)|issue\s+date|issued\s+on|rechnungs-?datum|ausstellungs-?datum|beleg-?datum|factuur\s*datum|facture\s+du|factur[ee]+\s+le|emise?\s+le)\b`),
  // "Facture N° F-12 du 28/07/2025" in a footer (as strong as the "du 12/…" of a period it overlaps);
  // "sur facture N° … du", "la facture N° … du" name the invoice a credit note corrects.
  L('invoice', 1, String.raw`(?<!\b(sur|la|votre|vos|ref\w*\.?)\s+)\bfacture\s+n[°o]\.?\s*[\w/-]+\s+du\b`),
  // "Handelsrechnung (380) Nr. 471102 vom": the title, its number, its date; not "Rechnung gemäß
  // Taxifahrt vom", which dates the service invoiced.
  L('invoice', 0.9, String.raw`\b(handels)?(rechnung|gutschrift|facture|invoice)\b(\s*\(\d{3}\))?(\s*(nr\.?|n[°o]\.?|no\.?|number|#)?\s*[\w/.-]*\d[\w/.-]*)?\s+(vom|von|dated)\b`),
  // A bare "Date": at the end of its line, before a colon, beside its value, or opening a cell with
  // the date after it; stronger as a cell of its own in a row of headings, beside the due date's.
  // "Vertrags-Datum", "Liefer-Datum": a hyphen makes it another word's date.
  L('invoice', 0.85, String.raw`(^|[^a-z'-])(date|datum|dated|le)\s*[:.]?\s*$|(^|[^a-z'-])(date|datum)\s*[:.]|(^|[^a-z'-])(date|datum)(?=\s*\u2003\s*\d)|(?<=^|\u2003\s?)(date|datum)\s+(?=\d)`),
  L('invoice', 0.9, String.raw`(?<=^|\u2003\s?)(date|datum)\s*(?=\u2003)`),
  // The date of a French letter ("Nantes, le 5 septembre 2025", "Le lundi 21 novembre 2022"), and a
  // title word directly followed by a date ("Beitragsrechnung 24. Januar 2014").
  L('invoice', 0.85, String.raw`((?<=^|\u2003\s?)([a-z][a-z' -]{1,40},\s*)?le\s+|\b[a-z]*(rechnung|facture|invoice|factuur)\s+)(?=((lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\s+)?\d{1,2}(er|\.)?\s+[a-z]{3,}\.?\s+\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b)`),
  L('due', 1, String.raw`\b(echeance|date\s+(d'|de\s+)?(echeance|limite|paiement|reglement)|due(\s+date)?|payable|a\s+regler|faellig|fallig|zahlbar|zahlungsziel|paiement\s+(le|avant|au)|payment\s+(date|due))\b`),
  L('decoy', 1, String.raw`\b(livraison|livre\s+le|delivery|delivered|lieferdatum|leistungsdatum|liefer|commande|order|bestell|periode|period|zeitraum|du\s+\d|from\s+\d|au\s+\d|valable|valid|validite|naissance|imprime|printed|print|edite|abonnement|subscription|contrat|contract|vertrag|mise\s+en\s+service|prelevement|debit|auftrag|leistung|expedition|shipping|ship)\w*`),
];

/** Words after a date label that make it another document's or period's date ("date de facture associée"). */
export const DATE_QUALIFIERS = /^\W*(associee|precedente|d'origine|initiale|originale|rectifiee|de\s+debut|de\s+fin|de\s+prestation|of\s+(the\s+)?(original|related)|start|end)\b/;

/** Headings that open the seller's block: the next lines name the seller. */
export const SELLER_HEADINGS = /^\W*(verkaufer|lieferant|rechnungssteller|leistungserbringer|seller|supplier|vendeur|fournisseur|emetteur|prestataire)(\s+(trade\s+)?name|\s+nom)?\s*:?\s*$/;

/**
 * Invoice-number labels, strongest first: "Facture n°", "Numéro de facture", "Rechnungsnummer"; then
 * a bare "N°" or "Numéro" opening a cell; then the document's own title word directly followed by
 * the number ("Invoice 2024-118"). A German "Belegnummer" (voucher number) ranks under the full
 * labels. A title word alone in its cell ("Facture   51 place de Verdun") labels nothing. Lookaheads use [ \t], not \s: \s would also cross a column gap (an em space).
 */
export const NUMBER_LABELS: Label<'number'>[] = [
  L('number', 1, String.raw`(\b(facture|invoice|avoir|credit\s+note|gutschrift|factuur|bill|receipt|document)|rechnung)[ \t]*(\(\d{3}\)[ \t]*)?(n[°o]\.?|no\.?|num(ero|ber)?\.?|#|nr\.?|-?nummer|-?nr\.?|id)(?![a-z])|\b(n[°o]|numero|number|nr)\.?[ \t]*(de[ \t]+)?(la[ \t]+)?(facture|invoice|rechnung|document|piece|avoir)\b|\brechnungs-?(nummer|nr)\b\.?|\bfactuurnummer\b`),
  L('number', 0.9, String.raw`\bbeleg[- ]?(nummer|nr\.?)(?![a-z])`),
  L('number', 0.8, String.raw`(^|\u2003)[ \t]*(n[°o]|numero|number|nummer|nr)\.?(?![a-z])`),
  L('number', 0.7, String.raw`(?<!(votre|vos|your|ihre|notre)[ \t])\b(reference|ref)\b\.?[ \t]*((de[ \t]+la[ \t]+)?(facture|invoice)\b)?[ \t]*:?(?![ \t]*(client|customer|commande|order|article|produit|fournisseur|mandat|bancaire))`),
  L('number', 0.6, String.raw`(?<!date[ \t](de[ \t])?)\b(facture|invoice|rechnung|factuur|avoir|gutschrift)\b(?=[ \t]*[:.]?[ \t]*[a-z]{0,4}[-/]?\d)`),
];

export const CUSTOMER_LABELS = /\b(client|customer|destinataire|facture\s+a|factur(e|er|ee)\s+a|adresse\s+de\s+facturation|adresse\s+de\s+livraison|livre\s+a|bill(ed)?\s+to|sold\s+to|ship(ped)?\s+to|deliver\s+to|kunde|kundennummer|rechnungsempfanger|kaufer|leistungsempfanger|warenempfanger|rechnungsadresse|lieferadresse|acheteur|buyer|a\s+l'attention|donneur\s+d'ordre|factuuradres|afleveradres|klantgegevens)\b/;

export const LEGAL_FORMS = /(?:^|[\s,(])(s\.?a\.?s\.?u?|s\.?a\.?r\.?l\.?|e\.?u\.?r\.?l\.?|s\.?n\.?c\.?|s\.?c\.?i\.?|s\.?c\.?o\.?p\.?|s\.?a\.?|gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ohg|e\.?k\.?|ug|ltd\.?|limited|inc\.?|llc|llp|plc|b\.?v\.?|n\.?v\.?|s\.?p\.?a\.?|s\.?r\.?l\.?|sdn\.?\s*bhd\.?|bhd\.?|enterprise|trading|sarlu|e\.?i\.?)(?=$|[\s,.)])/i;

/** Legal forms written out, as French legal mentions print them (matched in folded text). */
export const SPELLED_LEGAL_FORMS = /^\W{0,4}(societe\s+(par\s+actions\s+simplifiee|a\s+responsabilite\s+limitee|anonyme|civile|en\s+nom\s+collectif|cooperative)|entreprise\s+(unipersonnelle|individuelle)|entrepreneur\s+individuel|association\b)/;

export const DOCUMENT_TITLES = /^(facture|factuur|invoice|rechnung|avoir|credit note|gutschrift|devis|quote|receipt|re[cç]u|tax invoice|facture d'acompte|note de credit|bon de commande|proforma|duplicata|original|copy|page)\b/i;
