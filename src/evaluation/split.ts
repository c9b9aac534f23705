// The honest loop: the corpus is split into a *tune* half, on which rules and weights may be worked
// out, and a *check* half, whose figures are quoted and whose individual failures nobody reads.
// Documents of one dup_group (a Factur-X PDF, its text layer and its renders) always fall on the same
// side, so a rule tuned on a render cannot be checked on that same invoice's text layer.
import { createHash } from 'node:crypto';

export type Half = 'tune' | 'check';
export const HALVES: readonly Half[] = ['tune', 'check'];

/** Changing the seed reshuffles the halves: do it only to start a new, fresh check half. */
export const SPLIT_SEED = 'invoice-eval-split-1';

interface Splittable { dup_group?: string; file: string; source?: string }

const groupOf = (e: Splittable) => e.dup_group ?? e.file;

/**
 * Within each source, the groups are ordered by a seeded hash and dealt alternately to tune and
 * check, so that every source (SROIE receipts, Factur-X samples, generated invoices…) is halved
 * rather than left to chance on a small source. Deterministic: the same entries give the same halves.
 */
export function splitCorpus(entries: readonly Splittable[], seed = SPLIT_SEED): Map<string, Half> {
  const groupsBySource = new Map<string, Set<string>>();
  for (const e of entries) {
    const source = e.source ?? 'unknown';
    if (!groupsBySource.has(source)) groupsBySource.set(source, new Set());
    groupsBySource.get(source)!.add(groupOf(e));
  }
  const halves = new Map<string, Half>();
  // The deal goes on from one source to the next, so that the odd groups of small sources do not
  // all land in the same half.
  let dealt = 0;
  for (const [source, groups] of [...groupsBySource].sort(([a], [b]) => a.localeCompare(b))) {
    const ordered = [...groups].map((g) => ({ g, h: hash(`${seed}:${source}:${g}`) })).sort((a, b) => a.h.localeCompare(b.h));
    for (const { g } of ordered) {
      // A group shared by two sources keeps the side it was dealt first.
      if (!halves.has(g)) halves.set(g, dealt++ % 2 === 0 ? 'tune' : 'check');
    }
  }
  return halves;
}

export function halfOf(entry: Splittable, halves: Map<string, Half>): Half {
  return halves.get(groupOf(entry)) ?? 'tune';
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
