// Words the invoices are made of: month names, line items, company and place names, per language.
// The templates' own labels are in h1-template.ts and jspdf-labels.ts.

export type Lang = 'fr' | 'de' | 'en';
export type Locale = 'fr-FR' | 'de-DE' | 'en-GB' | 'en-US';
export type Currency = 'EUR' | 'GBP' | 'USD';
export type Country = 'FR' | 'DE' | 'GB' | 'US';

export const MONTHS: Record<Lang, string[]> = {
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

export const ITEMS: Record<Lang, string[]> = {
  fr: ['Prestation de conseil', 'Développement site vitrine', 'Maintenance annuelle du parc', 'Ramette papier A4 80 g', 'Installation chaudière gaz', "Main d'œuvre (heure)", 'Frais de déplacement', 'Formation bureautique (1 jour)', 'Licence logiciel comptable', 'Transport sur palette', 'Audit de sécurité informatique', 'Pose de parquet chêne (m²)', 'Impression flyers A5 recto-verso', 'Location nacelle (jour)', 'Abonnement hébergement web'],
  de: ['Beratungsleistung', 'Wartungsvertrag (jährlich)', 'Montagearbeiten', 'Arbeitsstunde Geselle', 'Anfahrtspauschale', 'Druck Flyer DIN A5', 'Softwarelizenz Jahresabo', 'Schulung Tabellenkalkulation', 'Lieferung Kopierpapier', 'Austausch Heizungspumpe', 'Webdesign Startseite', 'Fliesenarbeiten (m²)', 'Reinigung Büroräume', 'Mietgerät Hubsteiger (Tag)'],
  en: ['Consulting services', 'Website development', 'Annual maintenance contract', 'Labour (per hour)', 'Call-out charge', 'Printing A5 leaflets', 'Software licence (12 months)', 'Spreadsheet training session', 'Office paper supplies', 'Boiler service', 'Logo design', 'Carpet fitting (sq m)', 'Office cleaning', 'Equipment hire (per day)'],
};

export const FR_SURNAMES = ['Lefèvre', 'Morin', 'Garnier', 'Chevalier', 'Roussel', 'Fabre', 'Blanchard', 'Girard', 'Perrin', 'Barbier', 'Marchand', 'Vasseur', 'Lemaire', 'Caron', 'Aubert'];
export const FR_TRADES = ['Menuiserie', 'Imprimerie', 'Transports', 'Plomberie', 'Informatique', 'Conseil', 'Électricité', 'Atelier', 'Éditions', 'Bureautique', 'Rénovation'];
export const FR_PLACES = ['du Vercors', 'des Alpilles', 'de la Loire', 'Atlantique', 'des Flandres', 'du Léman', 'Océane', 'Provence'];
export const FR_CITIES: Array<[string, string]> = [['69003', 'Lyon'], ['44000', 'Nantes'], ['33000', 'Bordeaux'], ['59000', 'Lille'], ['35000', 'Rennes'], ['31000', 'Toulouse'], ['38000', 'Grenoble'], ['21000', 'Dijon'], ['67000', 'Strasbourg'], ['37000', 'Tours'], ['13006', 'Marseille'], ['75011', 'Paris']];
export const FR_STREETS = ['rue de la République', 'avenue Jean Jaurès', 'rue du 8 Mai 1945', 'boulevard Victor Hugo', 'impasse des Tilleuls', 'rue du 14 Juillet', 'chemin des Vignes', 'place du Marché', 'avenue du 11 Novembre 1918', 'rue Pasteur'];
export const DE_SURNAMES = ['Müller', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Richter', 'Wolf', 'Neumann', 'Krüger', 'Zimmermann', 'Braun'];
export const DE_TRADES = ['Haustechnik', 'Druckerei', 'Elektro', 'Logistik', 'Softwareentwicklung', 'Metallbau', 'Gartenbau', 'Beratung', 'Bürobedarf', 'Gebäudereinigung'];
export const DE_CITIES: Array<[string, string]> = [['10115', 'Berlin'], ['20095', 'Hamburg'], ['80331', 'München'], ['50667', 'Köln'], ['04109', 'Leipzig'], ['70173', 'Stuttgart'], ['90402', 'Nürnberg'], ['28195', 'Bremen']];
export const DE_STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Lindenweg', 'Am Markt', 'Gartenstraße', 'Industriestraße', 'Schillerstraße', 'Goethestraße'];
export const EN_NAMES = ['Ashford', 'Brampton', 'Kingsley', 'Whitmore', 'Hawthorne', 'Pemberton', 'Radcliffe', 'Thornbury', 'Fairfax', 'Holloway', 'Marlowe', 'Sterling'];
export const EN_TRADES = ['Consulting', 'Joinery', 'Print Works', 'Logistics', 'Software', 'Catering', 'Electrical', 'Facilities', 'Design Studio', 'Engineering'];
export const GB_CITIES = ['Bristol BS1 4DJ', 'Leeds LS1 5AB', 'Manchester M1 2WD', 'Norwich NR2 1TF', 'York YO1 7HH', 'Cardiff CF10 1EP', 'Brighton BN1 1AA'];
export const GB_STREETS = ['High Street', 'Mill Lane', 'Station Road', 'Church Street', 'Victoria Road', 'Park Avenue'];
export const US_CITIES = ['Denver, CO 80202', 'Austin, TX 78701', 'Portland, OR 97204', 'Columbus, OH 43215', 'Raleigh, NC 27601', 'Madison, WI 53703'];
export const US_STREETS = ['Market St', 'Main Street', 'Oak Avenue', 'Elm Street', 'Commerce Blvd'];
export const FIRST_NAMES: Record<Lang, string[]> = {
  fr: ['Claire', 'Julien', 'Sophie', 'Antoine', 'Camille', 'Nicolas', 'Léa', 'Thomas'],
  de: ['Anna', 'Jonas', 'Lena', 'Felix', 'Katrin', 'Lukas', 'Miriam', 'Stefan'],
  en: ['Emma', 'James', 'Olivia', 'Oliver', 'Grace', 'Harry', 'Chloe', 'Daniel'],
};
