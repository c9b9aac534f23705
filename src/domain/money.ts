// Money is held as integer cents. Decimal strings are the exchange format (database NUMERIC, JSON).

export type Cents = number;

/** "1234.5" | "-3.10" -> cents; null when the string is not a plain decimal. */
export function decimalToCents(value: string | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const match = /^\s*(-)?(\d+)(?:\.(\d{1,}))?\s*$/.exec(String(value));
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  // Round half away from zero on the third decimal, as accounting does.
  const padded = (fraction + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

export function centsToDecimal(cents: Cents | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The JSON number for a cents value: 8333 -> 83.33 (exact for every cent under 2^53). */
export function centsToNumber(cents: Cents | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return Number(centsToDecimal(cents));
}

export function numberToCents(value: number | null | undefined): Cents | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

/** The other sign; a nought stays a nought, not -0. */
export const negated = (cents: Cents): Cents => (cents === 0 ? 0 : -cents);
