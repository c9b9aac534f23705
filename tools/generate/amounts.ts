// Invoice arithmetic in integer cents: line totals, VAT per rate rounded once per rate, totals,
// deposits, retentions and the decoy amounts printed beside them.
import type { Rng } from './random.ts';
import type { Vocabulary } from './vocabulary.ts';

export interface Line {
  description: string;
  reference: string;
  /** Quantity in hundredths (250 = 2.5), so that quantities stay integers too. */
  quantityHundredths: number;
  unit: string;
  unitCents: number;
  rateBp: number;
  totalCents: number;
}

export interface RateRow { rateBp: number; basisCents: number; taxCents: number }

export interface Totals {
  htCents: number;
  tvaCents: number;
  ttcCents: number;
  breakdown: RateRow[];
  depositCents: number;
  retentionCents: number;
  retentionRateBp: number;
  /** What is left to pay: TTC less deposit and retention. */
  dueCents: number;
}

/** Half away from zero, on integers: a / b rounded. */
export function roundDiv(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const a = Math.abs(numerator), b = Math.abs(denominator);
  return sign * Math.floor((2 * a + b) / (2 * b));
}

export function lineTotal(quantityHundredths: number, unitCents: number): number {
  return roundDiv(quantityHundredths * unitCents, 100);
}

export const RATES: Record<string, number[]> = { FR: [2000, 1000, 550, 210], DE: [1900, 700], GB: [2000, 500] };

export function makeLines(rng: Rng, vocabulary: Vocabulary, count: number, rates: number[], sign: 1 | -1): Line[] {
  return Array.from({ length: count }, (_, i) => {
    const [description, min, max] = rng.pick(vocabulary.items);
    const unitCents = rng.int(min * 100, max * 100) - (rng.chance(0.4) ? rng.int(0, 99) : 0);
    const quantityHundredths = rng.weighted([[100, 5], [rng.int(2, 12) * 100, 4], [rng.int(1, 40) * 50, 1], [rng.int(1, 300) * 25, 1]] as const);
    const rateBp = rates.length > 1 && i > 0 ? rng.pick(rates) : rates[0]!;
    return {
      description: rng.chance(0.25) ? `${description} - ${rng.pick(['lot', 'ref.', 'modèle', 'type'])} ${rng.int(2, 99)}` : description,
      reference: `${rng.pick(['A', 'B', 'P', 'S', 'X'])}${rng.digits(4)}`,
      quantityHundredths, unit: rng.pick(vocabulary.units), unitCents: sign * unitCents, rateBp,
      totalCents: lineTotal(quantityHundredths, sign * unitCents),
    };
  });
}

export function computeTotals(lines: Line[], options: { depositShare: number; retentionRateBp: number }): Totals {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.rateBp, (byRate.get(line.rateBp) ?? 0) + line.totalCents);
  const breakdown = [...byRate.entries()].sort((a, b) => b[0] - a[0])
    .map(([rateBp, basisCents]) => ({ rateBp, basisCents, taxCents: roundDiv(basisCents * rateBp, 10000) }));
  const htCents = breakdown.reduce((s, r) => s + r.basisCents, 0);
  const tvaCents = breakdown.reduce((s, r) => s + r.taxCents, 0);
  const ttcCents = htCents + tvaCents;
  // A round deposit, as people pay them: a share of TTC rounded down to the euro (in cents when
  // that would leave nothing).
  const wholeEuros = Math.floor((ttcCents * options.depositShare) / 10000) * 100;
  const depositCents = options.depositShare <= 0 ? 0 : wholeEuros > 0 ? wholeEuros : roundDiv(ttcCents * options.depositShare, 100);
  const retentionCents = options.retentionRateBp > 0 ? roundDiv(ttcCents * options.retentionRateBp, 10000) : 0;
  return { htCents, tvaCents, ttcCents, breakdown, depositCents, retentionCents, retentionRateBp: options.retentionRateBp, dueCents: ttcCents - depositCents - retentionCents };
}

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function rateToDecimal(rateBp: number): string {
  return centsToDecimal(rateBp);
}
