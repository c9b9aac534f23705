// French by default (the users are French accounting firms), English on request; French formats
// for amounts and dates in both languages, since the documents are French.
const MESSAGES = {
  fr: {
    appName: 'Factures', signIn: 'Connexion', signOut: 'Déconnexion', email: 'E-mail', password: 'Mot de passe',
    signInButton: 'Se connecter', sessionExpired: 'Votre session a expiré. Reconnectez-vous.', folders: 'Dossiers',
    settingsApi: 'Paramètres › API', newFolder: 'Nouveau dossier', folderName: 'Nom du dossier', create: 'Créer',
    invoices: 'factures', noFolders: 'Aucun dossier pour l’instant.', status: 'Statut', dateFrom: 'Du', dateTo: 'Au',
    all: 'Tous', pending: 'À vérifier', validated: 'Validée', exported: 'Exportée', supplier: 'Fournisseur',
    date: 'Date', ht: 'Montant HT', tva: 'TVA', ttc: 'Montant TTC', siret: 'SIRET', number: 'Numéro', currency: 'Devise',
    previous: 'Précédent', next: 'Suivant', page: 'Page', of: 'sur', noInvoices: 'Aucune facture.',
    dropHere: 'Déposez des factures ici (PDF, JPG, PNG) ou', chooseFiles: 'choisissez des fichiers', uploads: 'Imports',
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
  },
  en: {
    appName: 'Invoices', signIn: 'Sign in', signOut: 'Sign out', email: 'E-mail', password: 'Password',
    signInButton: 'Sign in', sessionExpired: 'Your session has expired. Please sign in again.', folders: 'Folders',
    settingsApi: 'Settings › API', newFolder: 'New folder', folderName: 'Folder name', create: 'Create',
    invoices: 'invoices', noFolders: 'No folders yet.', status: 'Status', dateFrom: 'From', dateTo: 'To',
    all: 'All', pending: 'To review', validated: 'Validated', exported: 'Exported', supplier: 'Supplier',
    date: 'Date', ht: 'Net amount', tva: 'VAT', ttc: 'Total amount', siret: 'SIRET', number: 'Number', currency: 'Currency',
    previous: 'Previous', next: 'Next', page: 'Page', of: 'of', noInvoices: 'No invoices.',
    dropHere: 'Drop invoices here (PDF, JPG, PNG) or', chooseFiles: 'choose files', uploads: 'Uploads',
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
  },
};

export let lang = localStorage.getItem('invoices.lang') === 'en' ? 'en' : 'fr';
export function setLang(next) {
  lang = next;
  localStorage.setItem('invoices.lang', next);
  document.documentElement.lang = next;
}
document.documentElement.lang = lang;

export const t = (key) => MESSAGES[lang][key] ?? key;

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
