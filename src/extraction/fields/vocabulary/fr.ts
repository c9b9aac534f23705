// French label vocabulary, one alternative per line, in folded text (see build.ts).
import type { Vocabulary } from './build.ts';

export const FR: Vocabulary = {
  // "Total HT", "Montant net H.T.", "Sous-total hors taxes"
  htHeads: [
    'total',
    'montant',
    String.raw`sous[- ]?total`,
    'base',
    'net',
  ],
  htMarkers: [
    String.raw`\(?\s*h\.?\s?t\.?\s*\)?`,
    String.raw`hors\s+tax\w*`,
    String.raw`htva`,
    String.raw`hors\s+t\.?v\.?a\.?`,
  ],
  // "Total TTC", "Prix toutes taxes comprises"
  ttcHeads: [
    'total',
    'montant',
    'prix',
  ],
  ttcMarkers: [
    String.raw`\(?\s*t\.?t\.?c\.?\s*\)?`,
    String.raw`toutes\s+taxes(\s+comprises)?`,
    String.raw`tvac`,
    String.raw`t\.?v\.?a\.?\s+compris\w*`,
  ],
  netTotals: [
    String.raw`sous[- ]?total`,
    'total net',
  ],
  vatTotals: [
    String.raw`(total|montant)\s*(de\s+la\s+|de\s+|des\s+)?(t\.?v\.?a\.?|taxes?)`,
  ],
  vatSpelled: [
    // Its first word may be lost to a column's edge ("e sur la valeur ajoutée 20 %").
    String.raw`(taxe\s+)?sur\s+la\s+valeur\s+ajoutee`,
  ],
  vatAbbreviations: [
    String.raw`t\.?v\.?a\.?`,
  ],
  insuranceTaxes: [
    String.raw`taxe\s+(speciale\s+)?sur\s+les\s+(contrats\s+d')?assurances?`,
  ],
  grossTotals: [
    'total facture',
    String.raw`montant\s+de\s+la\s+facture(?!\s*(ht|h\.t|hors|precedente|initiale|d'origine))`,
    // Not "Montant total net" nor "Montant total HT", the net under a heavier label's words.
    String.raw`montant total(?!\s+(net|h\.?t\.?|hors)\b)`,
    'total general',
  ],
  // "TTC   1 200,00 €" under "HT" and "TVA" (or a "Total TTC" whose first word OCR lost): the total,
  // when it opens its cell.
  bareGrossTotals: [
    String.raw`t\.?t\.?c\.?`,
  ],
  amountsDue: [
    String.raw`net\s+a\s+payer`,
    String.raw`reste\s+a\s+payer`,
    String.raw`(total|montant|somme|reste)\s+a\s+regler`,
    String.raw`reste\s+du`,
    String.raw`restant\s+du`,
    String.raw`solde\s+(a\s+payer|a\s+regler|du)`,
    // "Montant dû", not "Montant du marché".
    String.raw`montant\s+(du(?!\s+[a-z])|a\s+payer)`,
    String.raw`total\s+(a\s+payer|du)`,
    String.raw`a\s+payer`,
  ],
  discounts: [
    'remise',
    'rabais',
    'reduction',
    'promo',
    String.raw`geste\s+commercial`,
    'ristourne',
    String.raw`offerte?s?\b`,
    String.raw`avoir\s+commercial`,
  ],
  // A line that says it bears no VAT: "Débours non soumis à TVA", "Péage (hors TVA)", "exonéré de TVA".
  vatAbsent: [
    String.raw`non\s+soumise?s?\s+(a\s+(la\s+)?)?tva`,
    String.raw`hors\s+(champ\s+(d'application\s+)?(de\s+la\s+)?)?tva`,
    String.raw`exoneree?s?\s+(de\s+)?tva`,
    String.raw`sans\s+tva`,
    String.raw`non\s+assujettie?s?\s+(a\s+(la\s+)?)?tva`,
    String.raw`pas\s+de\s+tva`,
    String.raw`(exoneration|exempte?e?s?)\s+de\s+tva`,
    String.raw`tva\s+non\s+due`,
    String.raw`tva\s*:\s*exoneree?`,
  ],
  // A total the discount is taken from already: "Total TTC après remise", "Net après rabais".
  afterDiscount: [
    String.raw`apres\s+(remise|rabais|reduction)`,
  ],
  // A deposit paid, deducted, or another time's ("Prochain acompte"): none asked by this invoice.
  depositsPaid: [
    String.raw`verse[es]{0,2}`,
    String.raw`regle[es]{0,2}`,
    String.raw`paye[es]{0,2}`,
    String.raw`recu[es]{0,2}`,
    String.raw`percu[es]{0,2}`,
    String.raw`encaisse[es]{0,2}`,
    String.raw`deduit[es]{0,2}`,
    'deja',
    'deduction',
    'moins',
    String.raw`prochain[es]{0,2}`,
    String.raw`anterieur[es]{0,2}`,
  ],
  // A part of the order billed now: "Acompte 30 % à la commande".
  depositsAsked: [
    'acompte',
    'arrhes',
  ],
  amountDecoys: [
    'acompte',
    'deduction',
    String.raw`deja\s+(paye|regle|verse)`,
    'avance',
    'escompte',
    'remise',
    'rabais',
    String.raw`frais\s+de\s+recouvrement`,
    String.raw`indemnite\s+forfaitaire`,
    'retenue',
    'report',
    String.raw`a\s+reporter`,
    'reporte',
    'capital',
    'penalit',
    'assurance',
    'arrondi',
    'rendu',
    'espece',
  ],
  // The headings of a table of line items: its amount columns list each item's, not the invoice's totals.
  itemHeadings: [
    'designation',
    'description',
    'libelle',
    String.raw`quantite`,
    String.raw`qte`,
    'prix unitaire',
  ],
  zeroVatEvidence: [
    String.raw`293\s*b`,
    'tva non applicable',
    'autoliquidation',
    'exoneration de tva',
    'exonere de tva',
    'non soumis a la tva',
    'franchise en base',
    String.raw`exoneree?s?\s+de\s+tva`,
  ],

  invoiceDateLabels: [
    String.raw`date\s+(de\s+(la\s+)?)?factur\w*`,
    String.raw`date\s+d'?\s?emission`,
    String.raw`date\s+d'edition`,
    // "Facture du", "Facture d'acompte du", "Facture de solde du"
    String.raw`facture(\s+(d'acompte|de\s+solde|rectificative|definitive))?\s+du`,
    String.raw`factur[ee]+\s+le`,
    String.raw`emise?\s+le`,
    String.raw`date\s+d'etablissement`,
    String.raw`date\s+(de\s+l'|d')\s?avoir`,
    String.raw`date\s+avoir`,
    String.raw`etablie?\s+le`,
  ],
  // "Fait le 12/03/2025", "Fait à Lyon le 12/03/2025" closing the invoice: the date it was made out.
  signedDateLabels: [
    String.raw`fait\s+(a\s+[a-z' -]{1,40}?,?\s*)?le`,
  ],
  dueDateLabels: [
    'echeance',
    // "Date d'échéance" whose apostrophe OCR lost.
    'decheance',
    String.raw`date\s+(d'|de\s+)?(echeance|limite|paiement|reglement)`,
    String.raw`a\s+regler`,
    String.raw`paiement\s+(le|avant|au)`,
    String.raw`a\s+payer\s+(avant|le|au\s+plus\s+tard|sous)`,
    String.raw`(soit\s+)?au\s+plus\s+tard(\s+le)?`,
    String.raw`paiement\s+a\s+(reception|\d+\s+jours)`,
    String.raw`a\s+reception\s+de\s+(la\s+)?facture`,
    String.raw`reglement\s+(le|avant|au)`,
    // "Merci de régler cette facture avant le 2 janvier": a deadline, however it is worded before.
    String.raw`avant\s+le`,
    String.raw`delai\s+de\s+paiement`,
    String.raw`exigible\s+le`,
    String.raw`date\s+d'exigibilite`,
  ],
  // Delivery, order, period, validity, printing, contract dates: never the invoice's.
  otherDateLabels: [
    'livraison',
    String.raw`livre\s+le`,
    'commande',
    'periode',
    String.raw`du\s+\d`,
    String.raw`au\s+\d`,
    'valable',
    'validite',
    'naissance',
    'imprime',
    'edite',
    'abonnement',
    'contrat',
    String.raw`mise\s+en\s+service`,
    // A vehicle's first registration, on a garage's invoice: "Date 1ère MEC", "Mise en circulation".
    String.raw`mise\s+en\s+circulation`,
    String.raw`1\s?ere\s+mec\b`,
    'prelevement',
    'expedition',
    String.raw`date\s+de\s+(la\s+)?prestation`,
    String.raw`prestations?\s+(du|realisees?|effectuees?|executees?)`,
    String.raw`date\s+d'execution`,
    String.raw`date\s+d'intervention`,
    String.raw`(execute|realise|effectue)e?s?\s+le`,
    'devis',
    // A payment already made: "Acompte perçu le", "Facture réglée le" (not "Facture d'acompte du").
    String.raw`(percu|recu|verse|paye|regle|encaisse)e?s?\s+le`,
    String.raw`date\s+(de\s+)?(debut|fin)`,
    String.raw`(debut|fin)\s+de\s+(la\s+)?(prestation|mission|periode)`,
  ],
  // Words after an invoice-date label that make it another invoice's or a period's date.
  dateQualifiersBefore: [
    'prochaine',
    'derniere',
    'precedente',
  ],
  dateQualifiers: [
    'associee',
    'precedente',
    "d'origine",
    'initiale',
    'originale',
    'rectifiee',
    'corrigee',
    String.raw`de\s+debut`,
    String.raw`de\s+fin`,
    String.raw`de\s+prestation`,
  ],
  dateWords: [
    // "Date/Heure : 23/10/2016 16:18", "Date et heure": a receipt's date with its time.
    String.raw`date\s*(/|&|et)\s*heure`,
    'date',
  ],
  // "Nantes, le 5 septembre 2025", "Le lundi 21 novembre 2022": the date of a letter.
  letterDateWords: [
    'le',
  ],
  // Words that label a date only when they end their line: the date is then on the line below.
  lineEndDateWords: [
    'le',
  ],
  datedTitles: [
    'facture',
  ],
  titlesBeforeDate: [
    'facture',
  ],
  weekdays: [
    'lundi',
    'mardi',
    'mercredi',
    'jeudi',
    'vendredi',
    'samedi',
    'dimanche',
  ],
  // "Facture N° F-12 du": the title, its number, its date.
  numberedTitleDates: [
    String.raw`facture\s+n[°o]\.?\s*[\w/-]+\s+du`,
    // A credit note's own title: "Avoir n° AV-12 du".
    String.raw`avoir\s+n[°o]\.?\s*[\w/-]+\s+du`,
  ],
  // A title opening its cell, its reference without "N°": "Facture FA-2026-0142 du" (not "suite à
  // facture 2026-0098 du", which names another; nor a row of open invoices with its amount,
  // "Facture FA-2026-0098 du 15/01/2026   350,00 €", "… : 350 € restant dus").
  unnumberedTitleDates: [
    String.raw`(?<=^\W*|\u2003\s?)facture\s+[\w/-]*\d[\w/-]*\s+du(?!.*(\d,\d{2}\b|\d\s?€))`,
    // A running header, the date in the cell after the title's ("FACTURE F2023-1888   22 févr.
    // 2023" over a later page's totals). (The lookahead also passes the label alone, as matched.)
    String.raw`(?<=^\W*|\u2003\s?)facture\s+(n[°o]\.?\s*)?[\w/-]*\d[\w/-]*(?=\s\u2003\s\d{1,2}\b(?!.*(\d,\d{2}\b|\d\s?€))|$)`,
  ],
  // "sur facture N° … du", "la facture N° … du" name the invoice a credit note corrects.
  otherInvoiceMentions: [
    // "Annule et remplace facture N° … du": the invoice this one replaces; "Déjà facturé : facture n°
    // FS-18 du", "Déduction facture n° … du": an earlier invoice deducted.
    'remplace',
    String.raw`deja\s+facture\s*:?`,
    'deduction',
    'moins',
    'sur',
    'la',
    'votre',
    'vos',
    String.raw`ref\w*\.?`,
  ],

  // "Pièce n°": the accounting document's number, as French invoicing software prints it.
  numberedTitles: [
    // The kind of invoice between the title and its number: "Facture de solde N° FA-31".
    String.raw`facture\s+(de\s+solde|d'acompte|rectificative|de\s+situation|definitive)`,
    'facture',
    'avoir',
    'piece',
  ],
  invoiceTitles: [
    'facture',
    'avoir',
  ],
  numberWords: [
    'n[°o]',
    'numero',
  ],
  cellNumberWords: [
    'n[°o]',
    'numero',
  ],
  numberedDocuments: [
    'facture',
    'piece',
    'avoir',
  ],
  referenceWords: [
    'reference',
    'ref',
  ],
  notOurReference: [
    'client',
    'commande',
    'article',
    'produit',
    'fournisseur',
    'mandat',
    'bancaire',
  ],

  sellerHeadings: [
    'vendeur',
    'fournisseur',
    'emetteur',
    String.raw`emis(e)?\s+par`,
    'expediteur',
    'prestataire',
  ],
  contactKeys: [
    'contact',
    'interlocuteur',
    'adresse',
    'telephone',
    'numero',
  ],
  customerLabels: [
    'client',
    'destinataire',
    String.raw`facture\s+a`,
    String.raw`factur(e|er|ee)\s+a`,
    String.raw`adresse\s+de\s+facturation`,
    String.raw`adresse\s+de\s+livraison`,
    String.raw`livre\s+a`,
    'acheteur',
    String.raw`a\s+l'attention`,
    // "Adressé à" heading its block, a whole cell: not "tout règlement doit être adressé à …".
    String.raw`(?<=(^|\u2003)\s?)adresse\s+a(?=\s*:?\s*($|\u2003))`,
    // "À :" heading its block: a whole cell, with its colon.
    String.raw`(?<=(^|\u2003)\s?)a(?=\s*:\s*($|\u2003))`,
    String.raw`donneur\s+d'ordre`,
  ],
  legalForms: [
    String.raw`s\.?a\.?s\.?u?`,
    String.raw`s\.?a\.?r\.?l\.?`,
    String.raw`e\.?u\.?r\.?l\.?`,
    String.raw`s\.?n\.?c\.?`,
    String.raw`s\.?c\.?i\.?`,
    String.raw`s\.?c\.?o\.?p\.?`,
    String.raw`s\.?a\.?`,
    'sarlu',
    String.raw`e\.?i\.?`,
  ],
  spelledLegalForms: [
    String.raw`societe\s+(par\s+actions\s+simplifiee|a\s+responsabilite\s+limitee|anonyme|civile|en\s+nom\s+collectif|cooperative)`,
    String.raw`entreprise\s+(unipersonnelle|individuelle)`,
    String.raw`entrepreneur\s+individuel`,
    String.raw`association\b`,
  ],
  // A company's registration, as the legal mentions print it after its name ("Léa Moreau - SIRET …").
  registrations: [
    String.raw`(n°\s*)?siret`,
    String.raw`(n°\s*)?siren`,
    'rcs',
  ],
  // The kinds of street an address line names after its number ("81 chemin du Moulin").
  streetTypes: [
    'rue',
    String.raw`av(enue|\.)`,
    String.raw`b(oulevar)?d\.?`,
    'chemin',
    'route',
    'place',
    'allee',
    'impasse',
    'quai',
    'cours',
    'square',
    'passage',
    'faubourg',
    'lieu-dit',
  ],
  // Words that open a document's title line, never a company's name.
  titleWords: [
    'facture',
    'avoir',
    'devis',
    're[cç]u',
    "facture d'acompte",
    'note de credit',
    'bon de commande',
    'proforma',
    'duplicata',
    'original',
  ],
  // A credit note's title ("AVOIR N° AV-12", "Note de crédit"): its "Date de facture" may be the corrected invoice's.
  creditNoteTitles: [
    String.raw`facture\s+d'avoir`,
    String.raw`facture\s+rectificative`,
    'avoir',
    String.raw`note\s+de\s+credit`,
  ],
  // The word a label names an invoice by, as against a credit note ("Date de facture", not "Date de l'avoir").
  invoiceWords: [
    String.raw`factur\w*`,
  ],
};
