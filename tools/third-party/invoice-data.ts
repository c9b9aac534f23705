// The content of one invoice, whichever template prints it: language, parties, number, dates, lines
// and the seller's identifiers. Drawn from the seeded generator, so a (seed, index) gives one invoice.
import { britishVatId, frenchVatId, germanVatId, randomIban, randomSiren, randomSiret } from '../generate/identifiers.ts';
import { addDays, endOfMonth, type CalendarDate } from '../generate/formats.ts';
import type { Rng } from '../generate/random.ts';
import { pickDateStyle, type DateStyle } from './formats.ts';
import { makeParty, type Party } from './parties.ts';
import { DE_SURNAMES, EN_NAMES, FIRST_NAMES, FR_SURNAMES, ITEMS, type Country, type Currency, type Lang, type Locale } from './vocabulary.ts';

/** One invoice line: unit price in cents, VAT rate in percent (5.5). */
export interface Line { name: string; qty: number; cents: number; rate: number }

export interface Invoice {
  lang: Lang; locale: Locale; currency: Currency; seller: Party; buyer: Party; buyerPerson: string;
  number: string; date: CalendarDate; due: CalendarDate; dateStyle: DateStyle; lines: Line[];
  siren: string | null; siret: string | null; vatId: string | null; iban: string;
}

const COUNTRY_OF: Record<Locale, Country> = { 'fr-FR': 'FR', 'de-DE': 'DE', 'en-GB': 'GB', 'en-US': 'US' };

/** VAT (or US sales tax) rates of each locale, with their weights. */
const RATES: Record<Locale, ReadonlyArray<readonly [number, number]>> = {
  'fr-FR': [[20, 8], [10, 2], [5.5, 2]],
  'de-DE': [[19, 8], [7, 3]],
  'en-GB': [[20, 1]],
  'en-US': [[8.25, 2], [6, 1], [7, 1]],
};

function drawLines(rng: Rng, lang: Lang, locale: Locale): Line[] {
  const rates = RATES[locale];
  const zeroRated = rng.chance(0.12);
  const mixedRates = !zeroRated && rates.length > 1 && rng.chance(0.3);
  const mainRate = rng.weighted(rates.map(([r, w]) => [r, w] as const));
  const count = rng.weighted([[1, 2], [2, 3], [3, 3], [4, 2], [5, 2], [6, 1], [7, 1], [8, 1]] as const);
  const names = rng.shuffle(ITEMS[lang]).slice(0, count);
  return names.map((name) => {
    const big = rng.chance(0.25);
    const cents = big ? rng.int(50000, 500000) : rng.int(500, 40000);
    const qty = rng.weighted([[1, 5], [rng.int(2, 5), 3], [rng.int(6, 20), 2]] as const);
    const rate = zeroRated ? 0 : mixedRates ? rng.pick(rates.map(([r]) => r)) : mainRate;
    return { name, qty, cents, rate };
  });
}

function invoiceNumber(rng: Rng, lang: Lang, date: CalendarDate): string {
  const { year: y, month: m } = date;
  const seq = rng.int(1, 9999);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  if (lang === 'fr') return rng.weighted<string>([[`FA-${y}-${pad(seq, 4)}`, 4], [`F${y}${pad(m, 2)}-${pad(seq % 1000, 3)}`, 2], [`FAC-${pad(seq, 5)}`, 2], [`${y}-${pad(seq, 4)}`, 1]]);
  if (lang === 'de') return rng.weighted<string>([[`RE-${rng.int(10000, 99999)}`, 4], [`R${y}-${pad(seq, 4)}`, 2], [`${y}${pad(seq, 4)}`, 1]]);
  return rng.weighted<string>([[`INV-${pad(seq, 4)}`, 4], [`INV-${y}-${pad(seq, 3)}`, 2], [`${rng.int(100000, 999999)}`, 1]]);
}

/** SIREN and SIRET for a French seller (Luhn check digits), a VAT number in the EU and the UK. */
function sellerIdentifiers(rng: Rng, country: Country): Pick<Invoice, 'siren' | 'siret' | 'vatId'> {
  if (country === 'FR') {
    const siren = randomSiren(rng);
    return { siren, siret: randomSiret(rng, siren), vatId: frenchVatId(siren) };
  }
  if (country === 'DE') return { siren: null, siret: null, vatId: germanVatId(rng) };
  if (country === 'GB') return { siren: null, siret: null, vatId: britishVatId(rng) };
  return { siren: null, siret: null, vatId: null };
}

export function makeInvoice(rng: Rng): Invoice {
  const lang = rng.weighted<Lang>([['fr', 6], ['de', 2], ['en', 2]]);
  const locale: Locale = lang === 'fr' ? 'fr-FR' : lang === 'de' ? 'de-DE' : rng.chance(0.6) ? 'en-GB' : 'en-US';
  const currency: Currency = locale === 'en-GB' ? (rng.chance(0.7) ? 'GBP' : 'EUR') : locale === 'en-US' ? 'USD' : 'EUR';
  const country = COUNTRY_OF[locale];
  const seller = makeParty(rng, country);
  const buyer = makeParty(rng, rng.chance(0.85) ? country : rng.pick(['FR', 'DE', 'GB'] as const));
  const buyerPerson = `${rng.pick(FIRST_NAMES[lang])} ${rng.pick(country === 'FR' ? FR_SURNAMES : country === 'DE' ? DE_SURNAMES : EN_NAMES)}`;
  const y = rng.pick([2024, 2025]);
  const m = rng.int(1, 12);
  const date = { year: y, month: m, day: rng.int(1, endOfMonth({ year: y, month: m, day: 1 }).day) };
  const due = addDays(date, rng.pick([15, 30, 30, 45, 60, rng.int(15, 60)]));
  let dateStyle = pickDateStyle(rng, locale);
  // No month-first date that also reads as day-first: the truth would be ambiguous.
  if (dateStyle === 'mm/dd/yyyy' && (date.day <= 12 || due.day <= 12)) dateStyle = 'month d, yyyy';
  const number = invoiceNumber(rng, lang, date);
  const ids = sellerIdentifiers(rng, country);
  const iban = randomIban(rng, country === 'US' ? 'GB' : country);
  return { lang, locale, currency, seller, buyer, buyerPerson, number, date, due, dateStyle, lines: drawLines(rng, lang, locale), ...ids, iban };
}
