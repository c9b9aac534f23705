// French company identifiers: SIREN (9 digits), SIRET (SIREN + 5-digit establishment), VAT number.

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// La Poste's establishments (SIREN 356000000) break Luhn; INSEE checks their SIRETs by digit sum instead.
const LA_POSTE_SIREN = '356000000';

export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN)) {
    return [...value].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  }
  return luhnValid(value);
}

/** The French VAT key: FR + 2-digit key + SIREN, key = (12 + 3 x (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/** A French VAT number whose key matches its SIREN; returns the SIREN or null. */
export function sirenFromFrenchVat(vat: string): string | null {
  const compact = vat.replace(/[\s.-]/g, '').toUpperCase();
  const m = /^FR(\d{2})(\d{9})$/.exec(compact);
  if (!m) return null;
  return frenchVatKey(m[2]!) === m[1] ? m[2]! : null;
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}
