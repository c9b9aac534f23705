import { randomBytes } from 'node:crypto';

// Crockford-style lower-case base32: opaque, URL-safe, and free of look-alike characters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export type IdPrefix = 'inv' | 'firm' | 'usr' | 'dos' | 'tok' | 'cor' | 'exp' | 'whk' | 'evt' | 'dlv';

export function newId(prefix: IdPrefix): string {
  // 128 random bits as 26 base32 characters (the first one carries the top 3 bits).
  let n = BigInt(`0x${randomBytes(16).toString('hex')}`);
  let out = '';
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return `${prefix}_${out}`;
}

export function looksLikeId(prefix: IdPrefix, value: string): boolean {
  return new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(value);
}
