// The strings given to jspdf-invoice-template-nodejs, one list of alternatives per slot and
// language. The template prints nothing of its own: every label below is ours. "{r}" is the rate.
import type { Lang } from './vocabulary.ts';

export interface JspdfLabelChoices {
  number: string[]; date: string[]; due: string[]; contact: string[]; head: string[][];
  gross: string[]; discount: string[]; ht: string[]; tvaRate: string[]; tvaTotal: string[]; ttc: string[]; descLabel: string[];
}

const JSPDF_LABELS: Record<Lang, JspdfLabelChoices> = {
  fr: {
    number: ['Facture N° ', 'FACTURE n° ', 'Facture ', 'Facture n°'], date: ['Date de facture : ', 'Date : ', "Date d'émission : ", 'Émise le '], due: ['Échéance : ', "Date d'échéance : ", 'À payer avant le ', 'Date limite de règlement : '],
    contact: ['Facturé à :', 'Client :', 'Destinataire :', 'Adresse de facturation :'],
    head: [['#', 'Désignation', 'Qté', 'P.U. HT', 'TVA', 'Total HT'], ['Réf.', 'Description', 'Quantité', 'Prix unitaire', 'Taux', 'Montant HT']],
    gross: ['Total brut HT', 'Montant brut HT'], discount: ['Remise {r} %', 'Remise commerciale {r} %'],
    ht: ['Total HT', 'Sous-total HT', 'Montant HT', 'Total H.T.'], tvaRate: ['TVA {r} %', 'TVA ({r} %)', 'TVA à {r} %'], tvaTotal: ['Total TVA', 'Montant TVA', 'TVA'],
    ttc: ['Total TTC', 'Net à payer', 'Montant TTC', 'Total T.T.C.', 'Net à payer TTC'],
    descLabel: ['Conditions de paiement', 'Modalités de règlement', 'Informations'],
  },
  de: {
    number: ['Rechnung Nr. ', 'Rechnungsnummer: ', 'RECHNUNG ', 'Rechnung '], date: ['Rechnungsdatum: ', 'Datum: ', 'Rechnungsdatum ', 'Ausgestellt am '], due: ['Fällig am: ', 'Zahlbar bis: ', 'Fälligkeit: ', 'Zahlungsziel: '],
    contact: ['Rechnungsempfänger:', 'Kunde:', 'An:'],
    head: [['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'USt.', 'Gesamt netto'], ['#', 'Leistung', 'Anzahl', 'Preis netto', 'MwSt.', 'Betrag']],
    gross: ['Summe brutto vor Rabatt', 'Warenwert'], discount: ['Rabatt {r} %', 'abzgl. {r} % Rabatt'],
    ht: ['Zwischensumme', 'Nettobetrag', 'Summe netto', 'Gesamt netto'], tvaRate: ['MwSt. {r} %', 'USt. {r} %', 'zzgl. {r} % MwSt.', 'Umsatzsteuer {r} %'], tvaTotal: ['MwSt. gesamt', 'Umsatzsteuer', 'USt. gesamt'],
    ttc: ['Gesamtbetrag', 'Summe', 'Rechnungsbetrag', 'Gesamt brutto', 'Zu zahlender Betrag'],
    descLabel: ['Zahlungsbedingungen', 'Hinweis', 'Bankverbindung'],
  },
  en: {
    number: ['Invoice #', 'Invoice No. ', 'INVOICE ', 'Invoice number: '], date: ['Invoice date: ', 'Date: ', 'Issued: ', 'Date of issue: '], due: ['Due date: ', 'Payment due: ', 'Due: ', 'Pay by: '],
    contact: ['Bill to:', 'Invoice to:', 'Billed to:'],
    head: [['#', 'Description', 'Qty', 'Unit price', 'Tax', 'Amount'], ['No.', 'Item', 'Quantity', 'Rate', 'VAT', 'Net']],
    gross: ['Gross amount', 'Total before discount'], discount: ['Discount {r}%', 'Less {r}% discount'],
    ht: ['Subtotal', 'Net total', 'Total excl. VAT', 'Net amount'], tvaRate: ['VAT {r}%', 'VAT @ {r}%', 'Tax ({r}%)', 'Sales tax {r}%'], tvaTotal: ['Total VAT', 'Total tax', 'VAT'],
    ttc: ['Total', 'Amount due', 'Total incl. VAT', 'Balance due', 'Total due'],
    descLabel: ['Payment terms', 'Notes', 'Bank details'],
  },
};

/** US sellers charge sales tax, not VAT. */
const JSPDF_LABELS_US: JspdfLabelChoices = {
  ...JSPDF_LABELS.en,
  ht: ['Subtotal', 'Net total', 'Total before tax'], tvaRate: ['Sales tax {r}%', 'Tax ({r}%)', 'Sales tax ({r}%)'], tvaTotal: ['Total tax', 'Tax', 'Sales tax'],
  ttc: ['Total', 'Amount due', 'Balance due', 'Total due'],
  head: [['#', 'Description', 'Qty', 'Unit price', 'Tax', 'Amount'], ['No.', 'Item', 'Quantity', 'Rate', 'Tax rate', 'Line total']],
};

export function jspdfLabelChoices(lang: Lang, us: boolean): JspdfLabelChoices {
  return us ? JSPDF_LABELS_US : JSPDF_LABELS[lang];
}
