// Invented sellers and buyers: a company name in the country's style, its address, phone, e-mail
// and website (the last two made from the name).
// Not tools/generate/parties.ts: this set has US sellers and websites, which that one does not make,
// and draws from name lists of its own (some words recur in both, such as "Imprimerie" or "Perrin").
import type { Rng } from '../generate/random.ts';
import {
  DE_CITIES, DE_STREETS, DE_SURNAMES, DE_TRADES, EN_NAMES, EN_TRADES, FR_CITIES, FR_PLACES, FR_STREETS, FR_SURNAMES, FR_TRADES,
  GB_CITIES, GB_STREETS, US_CITIES, US_STREETS, type Country,
} from './vocabulary.ts';

export interface Party { name: string; street: string; city: string; phone: string; email: string; web: string; country: Country }

type Address = Pick<Party, 'name' | 'street' | 'city' | 'phone'>;

/** The name as a host name: accents, legal forms and punctuation removed, 18 characters at most. */
function domainLabel(name: string): string {
  const withoutLegalForm = name.replace(/\b(SARL|SAS|SASU|EURL|SA|GmbH|AG|KG|Co|Ltd|Limited|Inc|LLC)\b\.?/g, '');
  return withoutLegalForm.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 18);
}

function frenchCompany(rng: Rng): Address {
  const form = rng.pick(['SARL', 'SAS', 'SASU', 'EURL', 'SA']);
  const core = rng.weighted<string>([[`${rng.pick(FR_TRADES)} ${rng.pick(FR_SURNAMES)}`, 3], [`${rng.pick(FR_TRADES)} ${rng.pick(FR_PLACES)}`, 2], [`${rng.pick(FR_SURNAMES)} & ${rng.pick(FR_SURNAMES)}`, 1]]);
  const name = rng.chance(0.7) ? `${core} ${form}` : `${form} ${core}`;
  const street = `${rng.int(1, 148)}${rng.chance(0.15) ? ' bis' : ''} ${rng.pick(FR_STREETS)}`;
  const [postcode, town] = rng.pick(FR_CITIES);
  const phone = `0${rng.int(1, 5)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
  return { name, street, city: `${postcode} ${town}`, phone };
}

function germanCompany(rng: Rng): Address {
  const form = rng.weighted<string>([['GmbH', 6], ['GmbH & Co. KG', 2], ['AG', 1], ['KG', 1]]);
  const name = rng.chance(0.6) ? `${rng.pick(DE_SURNAMES)} ${rng.pick(DE_TRADES)} ${form}` : `${rng.pick(DE_TRADES)} ${rng.pick(DE_SURNAMES)} ${form}`;
  const street = `${rng.pick(DE_STREETS)} ${rng.int(1, 120)}`;
  const [postcode, town] = rng.pick(DE_CITIES);
  return { name, street, city: `${postcode} ${town}`, phone: `+49 ${rng.int(30, 911)} ${rng.digits(6)}` };
}

function britishCompany(rng: Rng): Address {
  const name = `${rng.pick(EN_NAMES)} ${rng.pick(EN_TRADES)} ${rng.weighted<string>([['Ltd', 5], ['Limited', 2], ['Ltd.', 1]])}`;
  const street = `${rng.chance(0.3) ? `Unit ${rng.int(1, 20)}, ` : ''}${rng.int(1, 220)} ${rng.pick(GB_STREETS)}`;
  const city = rng.pick(GB_CITIES);
  return { name, street, city, phone: `+44 ${rng.int(113, 2920)} ${rng.digits(3)} ${rng.digits(4)}` };
}

function americanCompany(rng: Rng): Address {
  const name = `${rng.pick(EN_NAMES)} ${rng.pick(EN_TRADES)} ${rng.pick(['Inc.', 'LLC', 'Inc'])}`;
  const street = `${rng.int(100, 9800)} ${rng.pick(US_STREETS)}${rng.chance(0.4) ? `, Suite ${rng.int(100, 900)}` : ''}`;
  const city = rng.pick(US_CITIES);
  return { name, street, city, phone: `(${rng.int(201, 989)}) ${rng.digits(3)}-${rng.digits(4)}` };
}

export function makeParty(rng: Rng, country: Country): Party {
  const company = { FR: frenchCompany, DE: germanCompany, GB: britishCompany, US: americanCompany }[country](rng);
  const tld = { FR: 'fr', DE: 'de', GB: 'co.uk', US: 'com' }[country];
  const host = `${domainLabel(company.name)}.${tld}`;
  const mailbox = rng.pick(['contact', 'info', 'billing', 'compta', 'office']);
  return { ...company, email: `${mailbox}@${host}`, web: `www.${host}`, country };
}
