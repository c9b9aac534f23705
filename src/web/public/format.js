// French formats for amounts and dates, used in both languages since the documents are French.
// No DOM and no state: the review-reason tables and the Node tests use them too.

/** French amount; with its currency when known (list rows do not carry one, so they show none). */
export function money(value, currency) {
  if (value === null || value === undefined) return '—';
  if (!currency) return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  try {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(value);
  } catch {
    return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }
}

/** YYYY-MM-DD -> 18/02/2025; timestamps -> 18/02/2025 14:05. */
export function frDate(value) {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));
}
