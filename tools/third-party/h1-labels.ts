// The labels given to @h1dd3nsn1p3r/pdf-invoice (its `config.string`), one list of alternatives per
// slot and language. Its line "Total" is tax-inclusive and so is its "Subtotal": the labels say so.
import type { Lang } from './vocabulary.ts';

export interface H1LabelChoices {
  invoice: string[]; refNumber: string[]; date: string[]; dueDate: string[]; status: string[]; statusValue: string[]; billTo: string[];
  item: string[]; quantity: string[]; price: string[]; tax: string[]; discount: string[]; total: string[]; subTotal: string[];
  totalTax: string[]; grandTotal: string[];
}

const H1_LABELS: Record<Lang, H1LabelChoices> = {
  fr: {
    invoice: ['FACTURE', 'Facture', 'F A C T U R E'], refNumber: ['N°', 'Facture n°', 'Numéro', 'Réf. facture'],
    date: ['Date', 'Date de facture', "Date d'émission", 'Émise le'], dueDate: ['Échéance', "Date d'échéance", 'À régler avant le', 'Date limite de paiement'],
    status: ['Statut', 'État'], statusValue: ['À payer', 'En attente de règlement', 'Payée', 'Non réglée'], billTo: ['Facturé à', 'Client', 'Adressé à', 'Destinataire'],
    item: ['Désignation', 'Description', 'Article'], quantity: ['Qté', 'Quantité'], price: ['Prix unitaire HT', 'P.U. HT', 'Prix HT'], tax: ['TVA', 'Taux TVA'],
    discount: ['Remise'], total: ['Total TTC', 'Montant TTC', 'Total'], subTotal: ['Sous-total', 'Sous-total TTC', 'Total TTC'],
    totalTax: ['dont TVA', 'TVA', 'Montant TVA', 'Total TVA'], grandTotal: ['Total TTC', 'Net à payer', 'Montant total', 'Total à payer'],
  },
  de: {
    invoice: ['RECHNUNG', 'Rechnung', 'R E C H N U N G'], refNumber: ['Rechnungsnummer', 'Rechnung Nr.', 'Beleg-Nr.', 'Nr.'],
    date: ['Datum', 'Rechnungsdatum', 'Ausgestellt am'], dueDate: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'],
    status: ['Status'], statusValue: ['Offen', 'Bezahlt', 'Zahlung ausstehend'], billTo: ['Rechnung an', 'Kunde', 'Empfänger', 'Rechnungsempfänger'],
    item: ['Bezeichnung', 'Beschreibung', 'Artikel'], quantity: ['Menge', 'Anz.'], price: ['Einzelpreis netto', 'Preis netto', 'Einzelpreis'], tax: ['MwSt.', 'USt.'],
    discount: ['Rabatt'], total: ['Gesamt brutto', 'Betrag', 'Gesamt'], subTotal: ['Zwischensumme', 'Summe brutto', 'Zwischensumme brutto'],
    totalTax: ['enthaltene MwSt.', 'MwSt.', 'USt.', 'darin USt.'], grandTotal: ['Gesamtbetrag', 'Summe', 'Rechnungsbetrag', 'Zu zahlen'],
  },
  en: {
    invoice: ['INVOICE', 'I N V O I C E', 'Tax Invoice', 'Invoice'], refNumber: ['Invoice no', 'Ref no', 'Invoice number', 'Invoice #'],
    date: ['Date', 'Invoice date', 'Issue date', 'Date of issue'], dueDate: ['Due date', 'Payment due', 'Due'],
    status: ['Status'], statusValue: ['Due', 'Unpaid', 'Paid', 'Pending'], billTo: ['Bill To', 'Billed to', 'Customer', 'Invoice to'],
    item: ['Item', 'Description', 'Service'], quantity: ['Qty', 'Quantity'], price: ['Unit price', 'Price', 'Rate'], tax: ['Tax', 'VAT'],
    discount: ['Discount'], total: ['Total', 'Amount', 'Line total'], subTotal: ['Subtotal', 'Sub-total', 'Subtotal (incl. tax)'],
    totalTax: ['Tax', 'VAT', 'Total Tax', 'incl. VAT'], grandTotal: ['Total', 'Amount due', 'Grand Total', 'Total due', 'Balance due'],
  },
};

/** The alternatives for an invoice; US sellers charge sales tax, not VAT. */
export function h1LabelChoices(lang: Lang, us: boolean): H1LabelChoices {
  return us ? { ...H1_LABELS.en, tax: ['Tax', 'Tax rate'], totalTax: ['Tax', 'Sales tax', 'Total Tax'] } : H1_LABELS[lang];
}

export const NOTES: Record<Lang, string[]> = {
  fr: ['Merci pour votre confiance.', 'Paiement par virement à réception de facture.', 'Pénalités de retard : 3 fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.'],
  de: ['Vielen Dank für Ihren Auftrag.', 'Zahlbar innerhalb von 30 Tagen ohne Abzug.', 'Bitte geben Sie bei Zahlung die Rechnungsnummer an.'],
  en: ['Thank you for your business.', 'Payment by bank transfer within 30 days.', 'Please quote the invoice number with your payment.'],
};
