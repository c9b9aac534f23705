// French by default (the users are French accounting firms), English on request; French formats
// for amounts and dates in both languages, since the documents are French. The invoice fields' names
// come from the server's field registry (/fields.js), not from these tables.
import { FIELDS } from './fields.js';
import { labelsIn, reasonSentence } from './reasons.js';

export { frDate, money } from './format.js';
const MESSAGES = {
  fr: {
    appName: 'Factures', signIn: 'Connexion', signOut: 'Déconnexion', email: 'E-mail', password: 'Mot de passe',
    signInButton: 'Se connecter', sessionExpired: 'Votre session a expiré. Reconnectez-vous.', folders: 'Dossiers',
    settingsApi: 'Paramètres › API', newFolder: 'Nouveau dossier', folderName: 'Nom du dossier', create: 'Créer',
    invoices: 'factures', noFolders: 'Aucun dossier pour l’instant.', status: 'Statut', dateFrom: 'Du', dateTo: 'Au',
    all: 'Tous', pending: 'À vérifier', validated: 'Validée', exported: 'Exportée',
    previous: 'Précédent', next: 'Suivant', page: 'Page', of: 'sur', noInvoices: 'Aucune facture.',
    dropHere: 'Déposez des factures ici (PDF, JPG, PNG, XML) ou', chooseFiles: 'choisissez des fichiers', uploads: 'Imports',
    uploading: 'Envoi', queued: 'En attente', running: 'Extraction', done: 'Terminé', failed: 'Échec', duplicate: 'Déjà importée',
    open: 'Ouvrir', back: 'Retour', document: 'Document', fields: 'Champs extraits', save: 'Enregistrer',
    saved: 'Modifications enregistrées.', validate: 'Valider', validateAnyway: 'Valider malgré tout', download: 'Télécharger l’original',
    reviewReasons: 'Points à vérifier', lowConfidence: 'Confiance faible', history: 'Historique des corrections',
    noHistory: 'Aucune correction.', zoomIn: 'Zoom avant', zoomOut: 'Zoom arrière', source: 'Source',
    checksFailed: 'Les contrôles ne passent pas :', processing: 'Traitement', apiTokens: 'Jetons d’API',
    tokenName: 'Nom du jeton', lifetime: 'Durée de validité', days: 'jours', generate: 'Générer un jeton',
    copyOnce: 'Copiez ce jeton maintenant : il ne sera plus affiché.', copy: 'Copier', copied: 'Copié',
    curlExample: 'Exemple avec curl', created: 'Créé le', expires: 'Expire le', lastUsed: 'Dernière utilisation',
    never: 'jamais', revoke: 'Révoquer', revoked: 'Révoqué', active: 'Actif', noTokens: 'Aucun jeton.', actions: 'Actions',
    language: 'English', sortBy: 'Trier par', filter: 'Filtrer', error: 'Erreur', by: 'par', field: 'Champ',
    oldValue: 'Ancienne valeur', invalidDate: 'Date attendue au format jj/mm/aaaa', invalidAmount: 'Montant attendu, par exemple 1 234,56', newValue: 'Nouvelle valeur', when: 'Quand', who: 'Qui',
    datePlaceholder: 'jj/mm/aaaa', tokenValue: 'Jeton', xml: 'XML de la facture électronique (UBL/CII)', duplicate_dismissed: 'Signalement de doublon',
    likelyDuplicate: 'Doublon probable de', thatInvoice: 'cette facture', notADuplicate: 'Ce n’est pas un doublon',
    duplicateDismissed: (when) => `Signalement de doublon levé le ${when}.`, exportIncomplete: 'Certaines factures n’ont pas de date ou de montant TTC : corrigez-les d’abord.',
    exportAlreadyCancelled: 'Cet export est déjà annulé.', facturxSource: 'Montants lus dans le XML Factur-X.',
    facturxPrintNote: 'La page affichée n’en est qu’une représentation imprimée : en cas d’écart, les valeurs du XML font foi.',
    facturxValues: 'Valeurs lues dans le XML', dueDate: 'Échéance', amountDue: 'Net à payer', vatId: 'N° de TVA', iban: 'IBAN',
    vatLine: (rate) => `TVA ${rate} % (base → taxe)`, invoicesTable: 'Tableau des factures', noSupplier: '(fournisseur inconnu)', tokenPlaceholder: 'ex. : Export comptable',
    totalRow: (n) => `Total du filtre · ${n} facture${n > 1 ? 's' : ''}`, selectAll: 'Sélectionner toute la page',
    selectOne: (name) => `Sélectionner ${name}`, selectedCount: (n) => `${n} sélectionnée${n > 1 ? 's' : ''}`,
    exportAction: 'Exporter', format: 'Format', working: 'En cours…',
    bulkValidated: (n) => `${n} facture${n > 1 ? 's' : ''} validée${n > 1 ? 's' : ''}.`,
    bulkRefused: (n) => `${n} refusée${n > 1 ? 's' : ''} :`,
    nextToReview: 'Suivante à vérifier', noneLeft: 'Plus aucune autre facture à vérifier dans ce dossier.',
    exports: 'Exports', exportsOf: (name) => `Exports · ${name}`, noExports: 'Aucun export pour ce dossier.',
    exportCreated: (n) => `Export créé : ${n} facture${n > 1 ? 's' : ''}.`, seeExports: 'Voir les exports',
    exportNotValidated: 'Seules les factures validées peuvent être exportées : désélectionnez les autres.',
    exportNothing: 'Aucune facture validée à exporter.', downloadFile: 'Télécharger', cancelExport: 'Annuler l’export',
    confirmCancel: 'Annuler cet export ? Ses factures redeviendront « Validée ».', confirmYes: 'Oui, annuler', confirmNo: 'Non, conserver',
    cancelled: 'Annulé', exportCancelled: 'Export annulé : ses factures sont de nouveau validées.', invoiceCount: 'Factures',
    exportAllValidated: 'Exporter toutes les factures validées', newExport: 'Nouvel export', file: 'Fichier',
    readOnly: 'Facture exportée : lecture seule.', processingNow: 'Extraction en cours : réessayez dans un instant.',
    notFound: 'Introuvable : rien de tel dans votre cabinet.', badCredentials: 'E-mail ou mot de passe incorrect.',
    tooManyAttempts: 'Trop de tentatives : réessayez dans quelques minutes.', unsupportedType: 'Type de fichier non pris en charge (PDF, JPG, PNG ou XML de facture UBL/CII).',
    tooLarge: 'Fichier trop volumineux.', networkError: 'Le serveur est injoignable.', facturx: 'XML Factur-X', 'pdf-text': 'texte du PDF', ocr: 'reconnaissance de caractères (OCR)',
  },
  en: {
    appName: 'Invoices', signIn: 'Sign in', signOut: 'Sign out', email: 'E-mail', password: 'Password',
    signInButton: 'Sign in', sessionExpired: 'Your session has expired. Please sign in again.', folders: 'Folders',
    settingsApi: 'Settings › API', newFolder: 'New folder', folderName: 'Folder name', create: 'Create',
    invoices: 'invoices', noFolders: 'No folders yet.', status: 'Status', dateFrom: 'From', dateTo: 'To',
    all: 'All', pending: 'To review', validated: 'Validated', exported: 'Exported',
    previous: 'Previous', next: 'Next', page: 'Page', of: 'of', noInvoices: 'No invoices.',
    dropHere: 'Drop invoices here (PDF, JPG, PNG, XML) or', chooseFiles: 'choose files', uploads: 'Uploads',
    uploading: 'Uploading', queued: 'Queued', running: 'Extracting', done: 'Done', failed: 'Failed', duplicate: 'Already imported',
    open: 'Open', back: 'Back', document: 'Document', fields: 'Extracted fields', save: 'Save',
    saved: 'Changes saved.', validate: 'Validate', validateAnyway: 'Validate anyway', download: 'Download original',
    reviewReasons: 'To check', lowConfidence: 'Low confidence', history: 'Correction history',
    noHistory: 'No corrections.', zoomIn: 'Zoom in', zoomOut: 'Zoom out', source: 'Source',
    checksFailed: 'The checks do not pass:', processing: 'Processing', apiTokens: 'API tokens',
    tokenName: 'Token name', lifetime: 'Lifetime', days: 'days', generate: 'Generate a token',
    copyOnce: 'Copy this token now: it will not be shown again.', copy: 'Copy', copied: 'Copied',
    curlExample: 'Example with curl', created: 'Created', expires: 'Expires', lastUsed: 'Last used',
    never: 'never', revoke: 'Revoke', revoked: 'Revoked', active: 'Active', noTokens: 'No tokens.', actions: 'Actions',
    language: 'Français', sortBy: 'Sort by', filter: 'Filter', error: 'Error', by: 'by', field: 'Field',
    oldValue: 'Old value', invalidDate: 'Expected a date as dd/mm/yyyy', invalidAmount: 'Expected an amount such as 1 234,56', newValue: 'New value', when: 'When', who: 'Who',
    datePlaceholder: 'dd/mm/yyyy', tokenValue: 'Token', xml: 'e-invoice XML (UBL/CII)', duplicate_dismissed: 'Duplicate flag',
    likelyDuplicate: 'Likely duplicate of', thatInvoice: 'that invoice', notADuplicate: 'Not a duplicate',
    duplicateDismissed: (when) => `Duplicate flag dismissed on ${when}.`, exportIncomplete: 'Some invoices have no date or total amount: correct them first.',
    exportAlreadyCancelled: 'This export is already cancelled.', facturxSource: 'Amounts read from the Factur-X XML.',
    facturxPrintNote: 'The page shown is only its printed rendering: where they differ, the XML values prevail.',
    facturxValues: 'Values read from the XML', dueDate: 'Due date', amountDue: 'Amount due', vatId: 'VAT number', iban: 'IBAN',
    vatLine: (rate) => `VAT ${rate} % (basis → tax)`, invoicesTable: 'Invoice table', noSupplier: '(unknown supplier)', tokenPlaceholder: 'e.g. Accounting export',
    totalRow: (n) => `Filter total · ${n} invoice${n === 1 ? '' : 's'}`, selectAll: 'Select the whole page',
    selectOne: (name) => `Select ${name}`, selectedCount: (n) => `${n} selected`,
    exportAction: 'Export', format: 'Format', working: 'Working…',
    bulkValidated: (n) => `${n} invoice${n === 1 ? '' : 's'} validated.`,
    bulkRefused: (n) => `${n} refused:`,
    nextToReview: 'Next to review', noneLeft: 'No other invoice to review in this folder.',
    exports: 'Exports', exportsOf: (name) => `Exports · ${name}`, noExports: 'No exports for this folder.',
    exportCreated: (n) => `Export created: ${n} invoice${n === 1 ? '' : 's'}.`, seeExports: 'See the exports',
    exportNotValidated: 'Only validated invoices can be exported: unselect the others.',
    exportNothing: 'No validated invoice to export.', downloadFile: 'Download', cancelExport: 'Cancel the export',
    confirmCancel: 'Cancel this export? Its invoices will be "Validated" again.', confirmYes: 'Yes, cancel', confirmNo: 'No, keep it',
    cancelled: 'Cancelled', exportCancelled: 'Export cancelled: its invoices are validated again.', invoiceCount: 'Invoices',
    exportAllValidated: 'Export every validated invoice', newExport: 'New export', file: 'File',
    readOnly: 'Exported invoice: read-only.', processingNow: 'Still extracting: try again in a moment.',
    notFound: 'Not found: nothing like it in your firm.', badCredentials: 'Wrong e-mail or password.',
    tooManyAttempts: 'Too many attempts: try again in a few minutes.', unsupportedType: 'Unsupported file type (PDF, JPG, PNG or UBL/CII invoice XML).',
    tooLarge: 'File too large.', networkError: 'The server cannot be reached.', facturx: 'Factur-X XML', 'pdf-text': 'PDF text', ocr: 'character recognition (OCR)',
  },
};

export let lang = localStorage.getItem('invoices.lang') === 'en' ? 'en' : 'fr';
export function setLang(next) {
  lang = next;
  localStorage.setItem('invoices.lang', next);
  document.documentElement.lang = next;
}
document.documentElement.lang = lang;

/** A message; a message with parameters is a function of them (plurals and word order differ by language). */
export function t(key, ...args) {
  const message = MESSAGES[lang][key] ?? key;
  return typeof message === 'function' ? message(...args) : message;
}

/** An invoice field's name in the current language (short: as a column header); undefined for a name that is not a field. */
export function fieldLabel(name, { short = false } = {}) {
  const field = FIELDS.find((f) => f.name === name);
  return field && (short && field.shortLabel ? field.shortLabel : field.label)[lang];
}

/**
 * Review reasons in the current language, from the server's codes (`review_reason_codes`, or a
 * refused validation's `details.reason_codes`). Invoices extracted before reasons had codes send
 * none: their English sentences are shown as sent, as is any code this page does not know yet.
 */
export function reviewReasons(codes, texts) {
  if (!codes) return texts;
  const labels = labelsIn(FIELDS, lang);
  return codes.map((reason, i) => reasonSentence(lang, reason, labels) ?? texts[i]);
}

// A recorded duplicate dismissal keeps the English sentences of its day (corrections are history,
// stored as text), so these two are still recognised by their wording.
const DUPLICATE_RULES_FR = {
  'the same file, in another folder': 'le même fichier, dans un autre dossier',
  'same supplier, date and total': 'même fournisseur, même date et même TTC',
  'same VAT number and invoice number': 'même n° de TVA et même numéro de facture',
  'same SIREN/SIRET and invoice number': 'même SIREN/SIRET et même numéro de facture',
};
const DISMISSAL_FR = [
  [/^Likely duplicate of (\S+) \((.+)\): compare the two, and dismiss the flag if they are different invoices$/,
    (id, rule) => `Doublon probable de ${id} (${DUPLICATE_RULES_FR[rule] ?? rule}) : comparez les deux, et levez le signalement s’il s’agit de factures différentes`],
  [/^not a duplicate of (\S+)$/, (id) => `pas un doublon de ${id}`],
];

/** A duplicate dismissal's recorded old or new value, in the current language. */
export function dismissalText(value) {
  if (lang !== 'fr') return value;
  for (const [pattern, rewrite] of DISMISSAL_FR) {
    const m = pattern.exec(value);
    if (m) return rewrite(...m.slice(1));
  }
  return value;
}
