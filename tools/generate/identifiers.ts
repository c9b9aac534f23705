// Valid-looking identifiers, computed with their real check digits: SIREN/SIRET (Luhn), French VAT
// keys, German and British VAT numbers, IBANs (ISO 13616 mod 97). Invented numbers, never real ones.
import type { Rng } from './random.ts';

/** The digit that makes `body + digit` pass the Luhn check. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  // Counting from the right of the final number, the check digit is position 1 (not doubled).
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

export function randomSiren(rng: Rng): string {
  const body = String(rng.int(1, 9)) + rng.digits(7);
  return body + luhnCheckDigit(body);
}

/** SIRET = SIREN + NIC (4 digits + 1 digit chosen so that the 14 digits pass Luhn). */
export function randomSiret(rng: Rng, siren: string): string {
  const body = siren + rng.pick(['0001', '0002', '0003', '0004', '0012', '0021', rng.digits(4)]);
  return body + luhnCheckDigit(body);
}

export function frenchVatId(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

/** German USt-IdNr: 8 digits + an ISO 7064 MOD 11,10 check digit. */
export function germanVatId(rng: Rng): string {
  const body = String(rng.int(1, 9)) + rng.digits(7);
  let product = 10;
  for (const ch of body) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return `DE${body}${check}`;
}

/** UK VAT: 7 digits weighted 8..2, plus two digits that bring the sum to a multiple of 97. */
export function britishVatId(rng: Rng): string {
  const body = String(rng.int(1, 9)) + rng.digits(6);
  const weighted = [...body].reduce((sum, ch, i) => sum + Number(ch) * (8 - i), 0);
  const check = (97 - (weighted % 97)) % 97;
  return `GB${body}${String(check).padStart(2, '0')}`;
}

/** Remainder of a long numeric string modulo 97, digit by digit. */
function mod97(numeric: string): number {
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

function ibanDigits(text: string): string {
  return [...text.toUpperCase()].map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch)).join('');
}

export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '');
  return mod97(ibanDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(ibanDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

export function randomIban(rng: Rng, country: 'FR' | 'DE' | 'GB'): string {
  if (country === 'DE') return makeIban('DE', rng.digits(8) + rng.digits(10));
  if (country === 'GB') return makeIban('GB', rng.pick(['NWBK', 'BARC', 'LOYD', 'MIDL']) + rng.digits(6) + rng.digits(8));
  const bank = rng.digits(5), branch = rng.digits(5), account = rng.digits(11);
  const ribKey = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
  return makeIban('FR', bank + branch + account + String(ribKey).padStart(2, '0'));
}

/** Groups of four, as IBANs are printed. */
export function spacedIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

export function spacedSiret(siret: string): string {
  return `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
}
