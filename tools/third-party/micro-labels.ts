// The strings given to microinvoice, one list of alternatives per slot and language. The template
// prints each header and party label with a colon and its value on the line below ("Invoice Number:"
// over "1"), the totals as label | value rows; the words are ours. The totals' own labels are the
// jspdf ones (jspdf-labels.ts): one vocabulary of totals for the templates whose totals we write.
import type { Lang } from './vocabulary.ts';

export interface MicroLabelChoices {
  title: string[]; number: string[]; date: string[]; due: string[]; status: string[]; statusValue: string[]; order: string[];
  customer: string[]; seller: string[]; siret: string[]; vat: string[]; buyerVat: string[];
  /** Table headings: description, quantity, line total; or description, unit price, quantity, line total. */
  head3: string[][]; head4: string[][];
  /** A row that prints the VAT rate alone ("VAT Rate" | "20%"), as the template's own example does. */
  rate: string[];
}

const MICRO_LABELS: Record<Lang, MicroLabelChoices> = {
  fr: {
    title: ['Facture', 'FACTURE', 'Facture client'], number: ['Numéro de facture', 'Facture n°', 'N° de facture', 'Référence'],
    date: ['Date de facture', "Date d'émission", 'Date', 'Émise le'], due: ['Échéance', "Date d'échéance", 'À régler avant le'],
    status: ['Statut', 'État'], statusValue: ['Payée', 'À payer', 'En attente'], order: ['Bon de commande', 'Votre commande'],
    customer: ['Facturé à', 'Client', 'Destinataire'], seller: ['Émetteur', 'Fournisseur', 'Vendeur', 'De la part de'],
    siret: ['SIRET', 'N° SIRET'], vat: ['N° TVA intracommunautaire', 'TVA intracom.', 'Numéro de TVA'], buyerVat: ['N° TVA client', 'Votre n° TVA'],
    head3: [['Désignation', 'Qté', 'Montant HT'], ['Description', 'Quantité', 'Total HT']], head4: [['Désignation', 'P.U. HT', 'Qté', 'Montant HT']],
    rate: ['Taux de TVA', 'Taux TVA'],
  },
  de: {
    title: ['Rechnung', 'RECHNUNG'], number: ['Rechnungsnummer', 'Rechnung Nr.', 'Beleg-Nr.'], date: ['Rechnungsdatum', 'Datum', 'Ausstellungsdatum'],
    due: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'], status: ['Status'], statusValue: ['Bezahlt', 'Offen'], order: ['Bestellnummer', 'Ihre Bestellung'],
    customer: ['Rechnungsempfänger', 'Kunde', 'Rechnung an'], seller: ['Rechnungssteller', 'Absender', 'Von', 'Verkäufer'],
    siret: ['SIRET'], vat: ['USt-IdNr.', 'Umsatzsteuer-ID'], buyerVat: ['USt-IdNr. Kunde', 'Ihre USt-IdNr.'],
    head3: [['Bezeichnung', 'Menge', 'Betrag netto'], ['Leistung', 'Anzahl', 'Gesamt']], head4: [['Bezeichnung', 'Einzelpreis', 'Menge', 'Gesamt netto']],
    rate: ['Steuersatz', 'MwSt.-Satz'],
  },
  en: {
    title: ['Invoice', 'INVOICE', 'Tax Invoice'], number: ['Invoice Number', 'Invoice No.', 'Invoice #', 'Reference'], date: ['Date', 'Invoice Date', 'Issue Date', 'Date of issue'],
    due: ['Due Date', 'Payment Due', 'Pay By'], status: ['Status'], statusValue: ['Paid', 'Unpaid', 'Due'], order: ['PO Number', 'Order Number', 'Purchase Order'],
    customer: ['Bill To', 'Billed To', 'Customer', 'Invoice To'], seller: ['Bill From', 'From', 'Supplier', 'Seller'],
    siret: ['SIRET'], vat: ['Tax Identifier', 'VAT Number', 'VAT Reg. No.'], buyerVat: ['Tax Identifier', 'Customer VAT No.'],
    head3: [['Description', 'Quantity', 'Subtotal'], ['Item', 'Qty', 'Amount']], head4: [['Description', 'Unit price', 'Qty', 'Amount']],
    rate: ['VAT Rate', 'VAT rate'],
  },
};

/** US sellers charge sales tax and have no VAT number. */
const MICRO_LABELS_US: MicroLabelChoices = { ...MICRO_LABELS.en, title: ['Invoice', 'INVOICE'], rate: ['Tax rate', 'Sales tax rate'] };

export function microLabelChoices(lang: Lang, us: boolean): MicroLabelChoices {
  return us ? MICRO_LABELS_US : MICRO_LABELS[lang];
}
