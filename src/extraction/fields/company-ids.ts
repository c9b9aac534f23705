// The seller's SIRET, SIREN and VAT number, and the IBAN; the customer's identifiers are skipped.
import { isValidSiren, isValidSiret, onlyDigits, sirenFromFrenchVat } from '../../domain/identifiers.ts';
import type { Line } from '../layout/lines.ts';
import { CUSTOMER_LABELS, SELLER_HEADINGS } from './labels.ts';
import { fold } from './text-normalise.ts';

export interface CompanyIds { siret: string | null; siren: string | null; vatId: string | null; iban: string | null; confidence: number }

/** Lines that belong to the customer: a customer label and the few lines under it. */
export function customerLines(lines: Line[]): Set<number> {
  const out = new Set<number>();
  lines.forEach((line, i) => {
    if (!CUSTOMER_LABELS.test(fold(line.text))) return;
    out.add(i);
    // The block runs a few lines, and ends where the seller's own block begins.
    for (let j = i + 1; j < lines.length && j <= i + 5 && lines[j]!.page === line.page; j++) {
      if (SELLER_HEADINGS.test(fold(lines[j]!.text))) break;
      out.add(j);
    }
  });
  return out;
}

function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export function readCompanyIds(lines: Line[]): CompanyIds {
  const customer = customerLines(lines);
  const sirets: Array<{ value: string; seller: boolean }> = [];
  const sirens: Array<{ value: string; seller: boolean }> = [];
  const vats: Array<{ value: string; seller: boolean }> = [];
  let iban: string | null = null;
  lines.forEach((line, i) => {
    const text = fold(line.text);
    const seller = !customer.has(i) && !/\bclient|customer|kunde\b/.test(text);
    for (const m of line.text.matchAll(/(?<!\d)(\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{5})(?!\d)/g)) {
      const digits = onlyDigits(m[1]!);
      if (isValidSiret(digits)) sirets.push({ value: digits, seller });
    }
    if (/\b(siren|rcs|r\.c\.s)\b/.test(text)) {
      for (const m of line.text.matchAll(/(?<!\d)(\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{3})(?![ .\u00a0]?\d)/g)) {
        const digits = onlyDigits(m[1]!);
        if (isValidSiren(digits)) sirens.push({ value: digits, seller });
      }
    }
    for (const m of line.text.toUpperCase().matchAll(/\bFR[ .]?([0-9A-Z]{2})[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{3})\b/g)) {
      const vat = `FR${m[1]}${m[2]}${m[3]}${m[4]}`;
      if (sirenFromFrenchVat(vat)) vats.push({ value: vat, seller });
    }
    for (const m of line.text.toUpperCase().matchAll(/\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/g)) {
      const compact = m[1]!.replace(/ /g, '');
      if (!iban && compact.length >= 15 && ibanValid(compact)) iban = compact;
    }
  });
  const sellerVat = vats.find((v) => v.seller)?.value ?? null;
  const vatSiren = sellerVat ? sirenFromFrenchVat(sellerVat) : null;
  const sellerSirets = [...new Set(sirets.filter((s) => s.seller).map((s) => s.value))];
  // Prefer the SIRET that agrees with the seller's VAT number; otherwise the only seller SIRET.
  const siret = sellerSirets.find((s) => vatSiren && s.startsWith(vatSiren)) ?? (sellerSirets.length === 1 ? sellerSirets[0]! : sellerSirets[0] ?? null);
  const confidence = !siret ? 0 : sellerSirets.length === 1 || (vatSiren && siret.startsWith(vatSiren)) ? 0.95 : 0.6;
  const siren = siret?.slice(0, 9) ?? vatSiren ?? sirens.find((s) => s.seller)?.value ?? null;
  return { siret, siren, vatId: sellerVat, iban, confidence };
}
