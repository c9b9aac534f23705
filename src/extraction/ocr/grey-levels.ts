// Quantiles of a grey image's levels, from a histogram of them: what the page's paper looks like.

/** The level below which `share` of the `count` pixels counted in `histogram` fall. */
export function levelAtShare(histogram: Uint32Array, count: number, share: number): number {
  let seen = 0;
  let level = 0;
  while (level < 255 && (seen += histogram[level]!) < count * share) level++;
  return level;
}
