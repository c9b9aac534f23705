// Review reasons said in French and in English, from the server's codes and parameters
// (src/domain/review-reasons.ts, `extraction.review_reason_codes`). No DOM and no state, so the unit
// test can check that every server code has a sentence in both languages. The fields' names are
// passed in (from the field registry, see i18n.js), so this module needs no server to load.
import { frDate, money } from './format.js';

/** The fields' labels in `language`, by name, from the registry's entries (/fields.js). */
export const labelsIn = (fields, language) => Object.fromEntries(fields.map((f) => [f.name, f.label[language]]));

// Which keys matched, for a likely duplicate: the rule, and for seller + number which identifier.
const DUPLICATE_MATCH = {
  fr: { same_file: 'le même fichier, dans un autre dossier', same_supplier_date_amount: 'même fournisseur, même date et même TTC',
    vat: 'même n° de TVA et même numéro de facture', siren: 'même SIREN/SIRET et même numéro de facture' },
  en: { same_file: 'the same file, in another folder', same_supplier_date_amount: 'same supplier, date and total',
    vat: 'same VAT number and invoice number', siren: 'same SIREN/SIRET and invoice number' },
};

// Amounts and dates in French formats in both languages, as everywhere in the UI.
const amount = (value) => money(Number(value));
const amounts = (list) => String(list).split(', ').map(amount).join(', ');
const dates = (list) => String(list).split(', ').map(frDate).join(', ');
const rate = (value) => String(value).replace('.', ',');
const probability = (value) => Number(value).toFixed(3).replace('.', ',');

const SENTENCES = {
  fr: {
    field_not_found: (p, field) => `${field} : introuvable dans le document`,
    field_missing: (p, field) => `${field} : manquant`,
    field_uncertain: (p, field) => `${field} : lecture incertaine`,
    totals_mismatch: (p) => `HT + TVA diffère du TTC de ${amount(p.difference)}`,
    vat_line_mismatch: (p) => `TVA à ${rate(p.rate)} % sur ${amount(p.basis)} : ${amount(p.expected)} attendus, et non ${amount(p.tax)}`,
    vat_lines_sum_mismatch: (p) => `Les lignes de TVA totalisent ${amount(p.sum)}, le total de TVA est ${amount(p.total)}`,
    vat_rate_not_in_force: (p) => `Le taux de TVA de ${rate(p.rate)} % n’est pas un taux en vigueur`,
    vat_rate_not_in_force_france: (p) => `Le taux de TVA de ${rate(p.rate)} % n’est pas un taux en vigueur en France`,
    vat_implausible: (p) => `Une TVA de ${amount(p.vat)} n’est pas une part plausible du HT de ${amount(p.net)}`,
    siret_checksum: (p) => `Le SIRET ${p.siret} a une clé de contrôle invalide`,
    date_too_old: (p) => `La date de facture ${frDate(p.date)} est invraisemblablement ancienne`,
    date_in_future: (p) => `La date de facture ${frDate(p.date)} est dans le futur`,
    not_sure_enough: (p) => `La lecture n’est pas assez sûre pour comptabiliser sans contrôle (${probability(p.probability)} pour un seuil de ${probability(p.threshold)}) : vérifiez les montants et la date`,
    rival_totals: (p) => `D’autres montants de la page s’additionnent aussi (total ${amounts(p.totals)}) : vérifiez lesquels sont les totaux de la facture`,
    date_unlabelled: (p) => `Aucun libellé ne désigne le ${frDate(p.date)} comme date de facture : vérifiez-la`,
    date_rivals: (p) => `Le ${frDate(p.date)} est en concurrence avec ${dates(p.rivals)} : vérifiez laquelle est la date de facture`,
    likely_duplicate: (p, field, match) => `Doublon probable de ${p.of} (${match}) : comparez les deux, et levez le signalement s’il s’agit de factures différentes`,
  },
  en: {
    field_not_found: (p, field) => `${field}: not found in the document`,
    field_missing: (p, field) => `${field}: missing`,
    field_uncertain: (p, field) => `${field}: uncertain reading`,
    totals_mismatch: (p) => `Net + VAT differs from the total by ${amount(p.difference)}`,
    vat_line_mismatch: (p) => `VAT at ${rate(p.rate)} % on ${amount(p.basis)} should be ${amount(p.expected)}, not ${amount(p.tax)}`,
    vat_lines_sum_mismatch: (p) => `The VAT lines add up to ${amount(p.sum)}, the VAT total is ${amount(p.total)}`,
    vat_rate_not_in_force: (p) => `A VAT rate of ${rate(p.rate)} % is not a rate in force`,
    vat_rate_not_in_force_france: (p) => `A VAT rate of ${rate(p.rate)} % is not a rate in force in France`,
    vat_implausible: (p) => `VAT of ${amount(p.vat)} is not a plausible share of the net amount ${amount(p.net)}`,
    siret_checksum: (p) => `SIRET ${p.siret} fails its checksum`,
    date_too_old: (p) => `The invoice date ${frDate(p.date)} is implausibly old`,
    date_in_future: (p) => `The invoice date ${frDate(p.date)} is in the future`,
    not_sure_enough: (p) => `The reading is not sure enough to book unattended (${probability(p.probability)} against ${probability(p.threshold)}): check the amounts and the date`,
    rival_totals: (p) => `Other amounts on the page also add up (total ${amounts(p.totals)}): check which are the invoice's totals`,
    date_unlabelled: (p) => `No label names ${frDate(p.date)} the invoice date: check it`,
    date_rivals: (p) => `${frDate(p.date)} competes with ${dates(p.rivals)}: check which is the invoice date`,
    likely_duplicate: (p, field, match) => `Likely duplicate of ${p.of} (${match}): compare the two, and dismiss the flag if they are different invoices`,
  },
};

/** The codes the tables know, per language (the unit test compares them with the server's). */
export const reasonCodes = (language) => Object.keys(SENTENCES[language]);

/**
 * A reason `{ code, params }` as a sentence in `language` ('fr' or 'en'), naming a field by its label
 * in `labels` (labelsIn's map); null for a code it does not know.
 */
export function reasonSentence(language, { code, params }, labels = {}) {
  const sentence = SENTENCES[language]?.[code];
  if (!sentence) return null;
  const field = labels[params.field] ?? params.field;
  const match = DUPLICATE_MATCH[language][params.rule === 'same_seller_and_number' ? params.seller : params.rule] ?? params.rule;
  return sentence(params, field, match);
}
