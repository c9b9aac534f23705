// What the parties print besides their addresses, shared by the templates: the seller's SIRET or VAT
// line, its legal footer and payment terms, and a decoy VAT number in the buyer's block.
import { britishVatId, frenchVatId, germanVatId, randomSiren, spacedIban, spacedSiret } from '../generate/identifiers.ts';
import type { Rng } from '../generate/random.ts';
import { daysBetween, formatDate } from './formats.ts';
import type { Invoice } from './invoice-data.ts';
import { DE_SURNAMES, FIRST_NAMES } from './vocabulary.ts';

export interface SellerText {
  /** Where a French seller's SIRET is printed: under its address, in the footer, or nowhere. */
  siretPlace: 'siret-head' | 'siret-foot' | 'none';
  siretText: string; vatText: string; footer: string; paymentTerms: string;
}

export function sellerText(rng: Rng, inv: Invoice, dueText: string, zeroRated: boolean): SellerText {
  const fr = inv.seller.country === 'FR';
  const siretPlace = fr ? rng.weighted<SellerText['siretPlace']>([['siret-head', 3], ['siret-foot', 3], ['none', 1]]) : 'none';
  const unspaced = rng.chance(0.5);
  const siretText = inv.siret ? (unspaced ? inv.siret : spacedSiret(inv.siret)) : '';
  const vatText = inv.vatId ? ({ fr: `TVA intracom. ${inv.vatId}`, de: `USt-IdNr. ${inv.vatId}`, en: `VAT No. ${inv.vatId}` }[inv.lang]) : '';
  const capital = `${rng.pick([1000, 5000, 7500, 10000, 50000])}`.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const town = inv.seller.city.replace(/^\d+ /, '');
  const footer = fr
    ? `${inv.seller.name} au capital de ${capital} € – RCS ${town} ${inv.siren!.replace(/(\d{3})(?=\d)/g, '$1 ')}${siretPlace === 'siret-foot' ? ` – SIRET ${siretText}` : ''} – ${vatText}`
    : inv.lang === 'de' ? `Geschäftsführer: ${rng.pick(FIRST_NAMES.de)} ${rng.pick(DE_SURNAMES)} – Amtsgericht ${town} HRB ${rng.int(10000, 99999)} – ${vatText}`
    : inv.seller.country === 'GB' ? `Registered in England and Wales No. ${rng.digits(8)} – ${vatText}` : `${inv.seller.name} – EIN ${rng.digits(2)}-${rng.digits(7)}`;
  const iban = spacedIban(inv.iban);
  const paymentTerms = {
    fr: `${zeroRated ? 'TVA non applicable, art. 293 B du CGI. ' : ''}Règlement à ${daysBetween(inv.date, inv.due)} jours par virement. IBAN : ${iban}. Pas d'escompte pour paiement anticipé. En cas de retard, pénalités au taux de 3 fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 €.`,
    de: `Zahlbar ohne Abzug bis zum ${formatDate(inv.due, 'dd.mm.yyyy', 'de')}. Bankverbindung: IBAN ${iban}. Bitte geben Sie die Rechnungsnummer als Verwendungszweck an.`,
    en: `Please pay by bank transfer by ${dueText}. IBAN ${iban}. Please quote the invoice number as reference. Late payments may incur interest.`,
  }[inv.lang];
  return { siretPlace, siretText, vatText, footer, paymentTerms };
}

/** A customer's VAT number in the buyer block: a decoy. */
export function buyerTaxIdDecoy(rng: Rng, inv: Invoice): string | undefined {
  if (!(rng.chance(0.3) && inv.buyer.country !== 'US')) return undefined;
  const label = inv.lang === 'fr' ? 'N° TVA client : ' : inv.lang === 'de' ? 'USt-IdNr. Kunde: ' : 'Customer VAT: ';
  const country = inv.buyer.country;
  return label + (country === 'FR' ? frenchVatId(randomSiren(rng)) : country === 'DE' ? germanVatId(rng) : britishVatId(rng));
}

