// Plain-text tables and CSV for the command line.

/** Columns padded to their widest cell (cut at maxWidth characters), two spaces apart; the last column is never cut. */
export function formatTable(header: string[], rows: string[][], maxWidth = 48): string {
  const all = [header, ...rows];
  const last = header.length - 1;
  const widths = header.map((_, i) => Math.min(maxWidth, Math.max(...all.map((r) => (r[i] ?? '').length))));
  const cell = (c: string | undefined, i: number) => (i === last ? (c ?? '') : (c ?? '').slice(0, maxWidth).padEnd(widths[i]!));
  return all.map((r) => r.map(cell).join('  ').trimEnd()).join('\n') + '\n';
}

/**
 * One CSV record (RFC 4180). A text cell that a spreadsheet would run as a formula (=, +, -, @ first)
 * gets a leading apostrophe: a supplier's name comes from a document, not from the user.
 */
export function csvRecord(cells: Array<string | number | null>): string {
  return cells.map((cell) => {
    if (cell === null) return '';
    if (typeof cell === 'number') return String(cell);
    const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  }).join(',') + '\r\n';
}
