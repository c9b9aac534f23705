// Invented sellers and buyers: a legal name with its legal form (or a person's name for a
// French sole trader), an address, and identifiers with valid check digits.
import { britishVatId, frenchVatId, germanVatId, randomIban, randomSiren, randomSiret } from './identifiers.ts';
import type { Rng } from './random.ts';

export type Country = 'FR' | 'DE' | 'GB';

export interface Party {
  /** The legal name as printed (the truth's `fournisseur`): with its legal form, or a person's name. */
  name: string;
  legalForm: string | null;
  soleTrader: boolean;
  /** A trade name printed above the legal name, or null. */
  brand: string | null;
  country: Country;
  street: string;
  postcode: string;
  city: string;
  siren: string | null;
  siret: string | null;
  vatId: string | null;
  iban: string;
  phone: string;
  email: string;
  capital: string | null;
}

const FR_FIRST = ['Julien', 'Camille', 'Élodie', 'Mathieu', 'Sophie', 'Nicolas', 'Inès', 'Thomas', 'Léa', 'Karim', 'Chloé', 'Antoine', 'Aurélie', 'Yann', 'Margaux', 'Rémi', 'Zoé', 'Hugo', 'Anaïs', 'Bastien'];
const FR_LAST = ['Morel', 'Lefèvre', 'Garnier', 'Roussel', 'Chevalier', 'Perrin', 'Marchand', 'Duval', 'Gauthier', 'Renaud', 'Brunet', 'Lemoine', 'Fabre', 'Aubert', 'Collin', 'Barbier', 'Meunier', 'Carré', 'Giraud', 'Picard', 'Texier', 'Vasseur'];
const FR_TRADES = ['Atelier', 'Menuiserie', 'Boulangerie', 'Transports', 'Imprimerie', 'Cabinet', 'Garage', 'Studio', 'Agence', 'Conseil', 'Ferronnerie', 'Laboratoire', 'Maison', 'Domaine', 'Électricité', 'Plomberie', 'Informatique', 'Traiteur', 'Paysages', 'Fournitures'];
const SYLLABLES = ['no', 'va', 'lis', 'tra', 'mex', 'bri', 'ko', 'ra', 'zen', 'ti', 'par', 'vo', 'ly', 'sol', 'quar', 'ne', 'dia', 'tek', 'or', 'ga', 'mo', 'ri', 'fel', 'xa'];
const FR_PLACES = ['du Vallon', 'des Tilleuls', 'du Littoral', 'de l\'Ouest', 'du Plateau', 'des Deux Rives', 'du Grand Pré', 'de la Source'];
const FR_STREETS = ['rue des Lilas', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue de la République', 'impasse des Érables', 'chemin du Moulin', 'rue du 8 Mai 1945', 'place du 14 Juillet', 'rue du 11 Novembre 1918', 'allée des Peupliers', 'avenue du 19 Mars 1962', 'quai de la Loire', 'route de Lyon', 'rue Pasteur', 'ZA des Bruyères'];
const FR_CITIES: Array<[string, string]> = [['75011', 'Paris'], ['69003', 'Lyon'], ['13006', 'Marseille'], ['31000', 'Toulouse'], ['44000', 'Nantes'], ['33000', 'Bordeaux'], ['59000', 'Lille'], ['67000', 'Strasbourg'], ['35000', 'Rennes'], ['21000', 'Dijon'], ['38000', 'Grenoble'], ['49100', 'Angers'], ['87000', 'Limoges'], ['29200', 'Brest'], ['64100', 'Bayonne'], ['74000', 'Annecy']];
const DE_LAST = ['Müller', 'Becker', 'Hoffmann', 'Schröder', 'Krüger', 'Wagner', 'Neumann', 'Brandt', 'Vogel', 'Lorenz'];
const DE_TRADES = ['Haustechnik', 'Schreinerei', 'Elektro', 'Druckerei', 'Logistik', 'Bürobedarf', 'Software', 'Metallbau'];
const DE_STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Lindenweg', 'Goethestraße', 'Am Markt', 'Industriestraße', 'Schillerplatz'];
const DE_CITIES: Array<[string, string]> = [['10115', 'Berlin'], ['80331', 'München'], ['50667', 'Köln'], ['20095', 'Hamburg'], ['70173', 'Stuttgart'], ['04109', 'Leipzig']];
const GB_LAST = ['Ashford', 'Greenfield', 'Hartley', 'Whitmore', 'Fenwick', 'Carlisle', 'Thornbury', 'Kingsley'];
const GB_TRADES = ['Logistics', 'Design', 'Consulting', 'Joinery', 'Print', 'Supplies', 'Digital', 'Engineering'];
const GB_STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue'];
const GB_CITIES: Array<[string, string]> = [['M1 2AB', 'Manchester'], ['LS1 4DT', 'Leeds'], ['BS1 5TR', 'Bristol'], ['EH2 2BY', 'Edinburgh'], ['NR2 1RT', 'Norwich']];

function coined(rng: Rng): string {
  const word = Array.from({ length: rng.int(2, 3) }, () => rng.pick(SYLLABLES)).join('');
  return word[0]!.toUpperCase() + word.slice(1);
}

function frenchName(rng: Rng, soleTrader: boolean): { name: string; form: string | null; brand: string | null } {
  const person = `${rng.pick(FR_FIRST)} ${rng.pick(FR_LAST)}`;
  if (soleTrader) return { name: person, form: null, brand: rng.chance(0.5) ? `${rng.pick(FR_TRADES)} ${person.split(' ')[1]}` : null };
  const form = rng.weighted([['SAS', 4], ['SARL', 4], ['EURL', 1], ['SA', 1], ['SASU', 1]] as const);
  const base = rng.weighted([
    [`${rng.pick(FR_TRADES)} ${rng.pick(FR_LAST)}`, 3],
    [`${rng.pick(FR_TRADES)} ${rng.pick(FR_PLACES)}`, 2],
    [coined(rng), 3],
    [`${rng.pick(FR_LAST)} & ${rng.pick(FR_LAST)}`, 1],
    [`${coined(rng)} ${rng.pick(['Solutions', 'Services', 'Industrie', 'Distribution', 'Conseil'])}`, 2],
  ] as const);
  const name = rng.chance(0.8) ? `${base} ${form}` : `${form} ${base}`;
  return { name, form, brand: rng.chance(0.2) ? base.toUpperCase() : null };
}

/** `franchise`: under the small-business VAT exemption, so without a VAT number. */
export function makeParty(rng: Rng, country: Country, options: { franchise?: boolean } = {}): Party {
  const phoneDigits = rng.digits(8);
  if (country === 'FR') {
    const soleTrader = options.franchise ?? false;
    const { name, form, brand } = frenchName(rng, soleTrader);
    const siren = randomSiren(rng);
    const [postcode, city] = rng.pick(FR_CITIES);
    return {
      name, legalForm: form, soleTrader, brand, country, postcode, city,
      street: `${rng.int(1, 180)}${rng.chance(0.1) ? ' bis' : ''} ${rng.pick(FR_STREETS)}`,
      siren, siret: randomSiret(rng, siren), vatId: soleTrader ? null : frenchVatId(siren), iban: randomIban(rng, 'FR'),
      phone: `0${rng.int(1, 5)} ${phoneDigits.replace(/(\d\d)(?=\d)/g, '$1 ')}`,
      email: `contact@${slug(brand ?? name)}.fr`,
      capital: form && !soleTrader ? `${rng.pick([1000, 5000, 10000, 37000, 50000, 150000])}` : null,
    };
  }
  const [postcode, city] = rng.pick(country === 'DE' ? DE_CITIES : GB_CITIES);
  const name = country === 'DE'
    ? rng.chance(0.7) ? `${rng.pick(DE_LAST)} ${rng.pick(DE_TRADES)} GmbH` : `${coined(rng)} GmbH`
    : rng.chance(0.7) ? `${rng.pick(GB_LAST)} ${rng.pick(GB_TRADES)} Ltd` : `${coined(rng)} Ltd`;
  return {
    name, legalForm: country === 'DE' ? 'GmbH' : 'Ltd', soleTrader: false, brand: null, country, postcode, city,
    street: country === 'DE' ? `${rng.pick(DE_STREETS)} ${rng.int(1, 120)}` : `${rng.int(1, 220)} ${rng.pick(GB_STREETS)}`,
    siren: null, siret: null, vatId: options.franchise ? null : country === 'DE' ? germanVatId(rng) : britishVatId(rng), iban: randomIban(rng, country),
    phone: country === 'DE' ? `+49 ${rng.int(30, 89)} ${phoneDigits}` : `+44 ${rng.int(20, 161)} ${phoneDigits.slice(0, 7)}`,
    email: `info@${slug(name)}.${country === 'DE' ? 'de' : 'co.uk'}`,
    capital: country === 'DE' ? '25000' : null,
  };
}

function slug(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\b(sas|sarl|eurl|sasu|sa|gmbh|ltd)\b/g, '').replace(/[^a-z]+/g, '').slice(0, 18) || 'contact';
}
