// The folder table's order, remembered per folder for the session: "Suivante à vérifier" on the
// invoice page walks the pending invoices in the order the reviewer chose in the table.
const key = (dossierId) => `invoices.sort.${dossierId}`;
export const DEFAULT_SORT = '-date_facture';

export const tableOrder = {
  get: (dossierId) => sessionStorage.getItem(key(dossierId)) ?? DEFAULT_SORT,
  set: (dossierId, sort) => sessionStorage.setItem(key(dossierId), sort),
};
