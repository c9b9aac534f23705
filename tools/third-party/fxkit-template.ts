// Template 4: factur-x-kit 0.3.1, a whole Factur-X invoice (PDF/A-3 carrying its CII XML) made from one
// data object. Its totalsCalculator computes the net, the VAT per rate and the totals, and its own
// template lays out the page in de-DE, en-US or fr-FR, with its own labels: the sender line over the
// buyer's address, a label: value block on the right, the title, the table, "net / VAT (r % of basis)
// per rate / gross" rows, then the exemption reason, payment terms and notes, and a footer of columns.
// We only give it data; the truth is the XML it writes. The corpus holds two of its invoices
// (source factur-x-kit), so this is one of the sources the acceptance set is drawn from.
import {
  COUNTRY_ID_CODES, CURRENCY_CODES, DOCUMENT_TYPE_CODES, FacturX, facturXKitMultiPage, ISO6523_CODES, PAYMENT_MEANS_CODES, SUBJECT_CODES, TAX_CATEGORY_CODES, UNIT_CODES,
  totalsCalculator, type TotalsCalculatorInputType,
} from 'factur-x-kit';
import { centsToDecimal } from '../../src/domain/money.ts';
import { britishVatId, frenchVatId, germanVatId, randomSiren } from '../generate/identifiers.ts';
import { addDays, type CalendarDate } from '../generate/formats.ts';
import type { Rng } from '../generate/random.ts';
import { stripAttachments, undateAttachment } from './facturx-files.ts';
import type { Invoice, Line } from './invoice-data.ts';
import type { Party } from './parties.ts';
import { sellerText } from './party-lines.ts';
import { commonExtra, expectedValues, type TemplateInvoice } from './template-output.ts';
import type { Lang } from './vocabulary.ts';

export const FXKIT_TEMPLATE = 'factur-x-kit@0.3.1';

/** The template's three locales; English invoices (British or American) print en-US. */
const LOCALE_OF: Record<Lang, 'fr-FR' | 'de-DE' | 'en-US'> = { fr: 'fr-FR', de: 'de-DE', en: 'en-US' };
const COUNTRY: Record<Party['country'], COUNTRY_ID_CODES> = {
  FR: COUNTRY_ID_CODES.FRANCE, DE: COUNTRY_ID_CODES.GERMANY,
  GB: COUNTRY_ID_CODES.UNITED_KINGDOM_OF_GREAT_BRITAIN_AND_NORTHERN_IRELAND, US: COUNTRY_ID_CODES.UNITED_STATES_OF_AMERICA,
};
const EXEMPTION: Record<Lang, string> = {
  fr: 'TVA non applicable, art. 293 B du CGI',
  de: 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG',
  en: 'Exempt from VAT',
};
const DISCOUNT: Record<Lang, string> = { fr: 'Remise commerciale', de: 'Rabatt', en: 'Discount' };

/** "69003 Lyon", "Bristol BS1 4DJ", "Denver, CO 80202": the postcode apart from the town. */
function postalAddress(p: Party) {
  const split = p.country === 'FR' || p.country === 'DE' ? /^(\S+) (.+)$/.exec(p.city) : /^(.+?),? ((?:[A-Z]{2} )?\S+ ?\S*)$/.exec(p.city);
  const [postcode, city] = p.country === 'FR' || p.country === 'DE' ? [split?.[1], split?.[2]] : [split?.[2], split?.[1]];
  return { postcode: postcode ?? '', addressLineOne: p.street, city: city ?? p.city, country: COUNTRY[p.country] };
}

/** A unit for the line: hours and days where the name says so, else pieces. */
function unitOf(line: Line): UNIT_CODES {
  if (/heure|hour|stunde/i.test(line.name)) return UNIT_CODES.HOUR;
  if (/jour|\bTag\b|per day|day\)/i.test(line.name)) return UNIT_CODES.DAY;
  return UNIT_CODES.ONE;
}

function invoiceLines(inv: Invoice): TotalsCalculatorInputType['invoiceLines'] {
  return inv.lines.map((l, i) => ({
    generalLineData: { lineId: String(i + 1) },
    productDescription: { name: l.name },
    productPriceAgreement: { productPricing: { basisPricePerItem: l.cents / 100 } },
    delivery: { itemQuantity: { quantity: l.qty, unit: unitOf(l) } },
    settlement: { tax: l.rate === 0 ? { categoryCode: TAX_CATEGORY_CODES.EXEMPT_FROM_TAX } : { categoryCode: TAX_CATEGORY_CODES.STANDARD_RATE, rateApplicablePercent: l.rate } },
  }));
}

/** The seller's legal id (printed in the footer): a French seller's SIRET or SIREN, else none. */
function legalId(rng: Rng, inv: Invoice): { id: string; scheme: ISO6523_CODES } | undefined {
  if (!inv.siret || !inv.siren) return undefined;
  return rng.weighted<{ id: string; scheme: ISO6523_CODES } | undefined>([
    [{ id: inv.siret, scheme: ISO6523_CODES.SIRET_CODE }, 6], [{ id: inv.siren, scheme: ISO6523_CODES.System_Information_et_Repertoire_des_Entreprise_et_des_Etablissements_SIRENE }, 2], [undefined, 1],
  ]);
}

const day = (d: CalendarDate) => ({ year: d.year, month: d.month, day: d.day });

/** What this invoice prints besides the lines: decoy dates and references, notes, a discount, a deposit. */
function options(rng: Rng, inv: Invoice) {
  const singleRate = new Set(inv.lines.map((l) => l.rate)).size === 1;
  return {
    contact: rng.chance(0.5), legalInfo: rng.chance(0.4), buyerId: rng.chance(0.4), buyerVat: rng.chance(0.3),
    order: rng.chance(0.3), contract: rng.chance(0.15), delivery: rng.chance(0.4), period: rng.chance(0.2), intro: rng.chance(0.3),
    terms: rng.chance(0.7), discount: singleRate && inv.lines[0]!.rate > 0 && rng.chance(0.2), deposit: rng.chance(0.12),
  };
}

const INTRO: Record<Lang, string> = {
  fr: 'Nous vous remercions de votre confiance et vous prions de trouver ci-dessous le détail de notre prestation.',
  de: 'Vielen Dank für Ihren Auftrag. Wir erlauben uns, folgende Leistungen in Rechnung zu stellen:',
  en: 'Thank you for your business. Please find below the details of the services provided.',
};

const longDate = (locale: string, d: CalendarDate) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)));

function inputOf(rng: Rng, inv: Invoice, vatBuyer: string | undefined): { input: TotalsCalculatorInputType; picked: ReturnType<typeof options>; legal: ReturnType<typeof legalId> } {
  const o = options(rng, inv);
  const legal = legalId(rng, inv);
  const s = inv.seller;
  const seller = sellerText(rng, inv, longDate(LOCALE_OF[inv.lang], inv.due), false);
  const gross = inv.lines.reduce((sum, l) => sum + l.qty * l.cents, 0);
  const discountCents = o.discount ? Math.round(gross * rng.pick([0.02, 0.05, 0.1])) : 0;
  const input: TotalsCalculatorInputType = {
    document: {
      id: inv.number, type: DOCUMENT_TYPE_CODES.COMMERCIAL_INVOICE, dateOfIssue: day(inv.date), currency: inv.currency as CURRENCY_CODES,
      ...(o.intro ? { notes: [{ content: INTRO[inv.lang], subject: SUBJECT_CODES.INTRODUCTION }] } : {}),
    },
    seller: {
      // EN 16931 wants the seller identified (BR-CO-26): without a VAT number nor a legal id, by a number of its own.
      ...(!inv.vatId && !legal ? { id: [`${rng.digits(6)}`] } : {}),
      name: s.name, postalAddress: postalAddress(s),
      // EN 16931 wants a tax id of a seller charging VAT: an American one prints its EIN as its local tax id.
      taxIdentification: inv.vatId ? { vatId: inv.vatId } : { localTaxId: `${rng.digits(2)}-${rng.digits(7)}` },
      ...(legal ? { specifiedLegalOrganization: { id: legal } } : {}),
      ...(o.legalInfo ? { otherLegalInformation: seller.footer.replace(` – ${seller.vatText}`, '') } : {}),
      ...(o.contact ? { tradeContact: [{ personName: `${rng.pick(['Claire', 'Jonas', 'Emma', 'Julien'])} ${rng.pick(['Morin', 'Weber', 'Kingsley', 'Perrin'])}`, email: s.email, telephoneNumber: s.phone }] } : {}),
    },
    buyer: {
      name: inv.buyer.name, postalAddress: postalAddress(inv.buyer),
      ...(o.buyerId ? { id: `${rng.pick(['K', 'C', 'CL'])}-${rng.digits(5)}` } : {}),
      ...(vatBuyer && o.buyerVat ? { taxIdentification: { vatId: vatBuyer } } : {}),
    },
    referencedDocuments: {
      ...(o.order ? { orderReference: { documentId: `${rng.pick(['PO', 'BC', 'BE'])}-${rng.digits(5)}` } } : {}),
      ...(o.contract ? { contractReference: { documentId: `${rng.pick(['CT', 'V'])}-${inv.date.year}-${rng.digits(3)}` } } : {}),
    },
    delivery: {
      ...(o.delivery ? { deliveryDate: day(addDays(inv.date, -rng.int(1, 20))) } : {}),
      ...(o.period ? { billingPeriod: { startDate: day({ ...inv.date, day: 1 }), endDate: day(addDays({ ...inv.date, day: 1 }, 27)) } } : {}),
    },
    paymentInformation: {
      paymentMeans: [{ paymentType: PAYMENT_MEANS_CODES.SEPA_credit_transfer, payeeBankAccount: { iban: inv.iban } }],
      paymentTerms: { dueDate: day(inv.due), ...(o.terms ? { description: seller.paymentTerms } : {}) },
    },
    invoiceLines: invoiceLines(inv),
    totals: {
      ...(inv.lines.some((l) => l.rate === 0) ? { taxExemptionReason: [{ reason: EXEMPTION[inv.lang], categoryCode: TAX_CATEGORY_CODES.EXEMPT_FROM_TAX }] } : {}),
      ...(discountCents ? { documentLevelAllowancesAndCharges: { allowances: [{ actualAmount: discountCents / 100, reason: DISCOUNT[inv.lang], categoryTradeTax: { categoryCode: TAX_CATEGORY_CODES.STANDARD_RATE, rateApplicablePercent: inv.lines[0]!.rate } }] } } : {}),
    },
  } as TotalsCalculatorInputType;
  return { input, picked: o, legal };
}

const cents = (amount: number) => Math.round(amount * 100);

export async function buildFxkit(rng: Rng, inv: Invoice): Promise<TemplateInvoice> {
  const locale = LOCALE_OF[inv.lang];
  const b = inv.buyer.country;
  const vatBuyer = b === 'FR' ? frenchVatId(randomSiren(rng)) : b === 'DE' ? germanVatId(rng) : b === 'GB' ? britishVatId(rng) : undefined;
  const { input, picked, legal } = inputOf(rng, inv, vatBuyer);
  let data = totalsCalculator(input);
  const totals = { ht: cents(data.totals.netTotal), tva: cents(data.totals.taxTotal?.[0]?.amount ?? 0), ttc: cents(data.totals.grossTotal) };
  // A deposit already paid: the page then prints what was paid and what is still due; TTC stays the gross total.
  const prepaid = picked.deposit ? Math.round(totals.ttc * rng.pick([0.3, 0.5])) : 0;
  if (prepaid) data = totalsCalculator({ ...input, totals: { ...input.totals, prepaidAmount: prepaid / 100 } });
  // Its second layout: the summary alone on page 1 (parties, details, totals, terms), the lines on page 2.
  // Drawn last, so that the invoices drawn before it joined (tune seeds 6 and 7) keep their content.
  const multiPage = rng.chance(0.25);
  const pdf = await (await FacturX.fromObject(data)).getPDF({ locale, ...(multiPage ? { pdfTemplate: facturXKitMultiPage } : {}) });
  const hybrid = undateAttachment(Buffer.from(pdf), inv.date);

  // fr-FR groups thousands with U+202F, which the text layer gives back as a break between two runs.
  const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: inv.currency });
  const money = { format: (amount: number) => currency.format(amount).replaceAll('\u202f', ' | ') };
  const dateText = longDate(locale, inv.date);
  const taxes = data.totals.taxBreakdown ?? [];
  const printsSiret = legal?.scheme === ISO6523_CODES.SIRET_CODE;
  return {
    pdf: await stripAttachments(hybrid),
    facturx: hybrid,
    template: FXKIT_TEMPLATE,
    expected: expectedValues(inv, totals, printsSiret),
    extra: {
      ...commonExtra(inv), profile: 'EN 16931', due_payable: centsToDecimal(totals.ttc - prepaid),
      vat_breakdown: taxes.map((t) => ({ category: t.categoryCode, rate: (t.rateApplicablePercent ?? 0).toFixed(2), basis: t.basisAmount.toFixed(2), tax: t.calculatedAmount.toFixed(2) })),
    },
    printed: {
      // The template prints a VAT row per rate and no VAT total: one rate's row is the total.
      montant_ht: [money.format(totals.ht / 100)], montant_tva: taxes.length === 1 && totals.tva ? [money.format(totals.tva / 100)] : [],
      montant_ttc: [money.format(totals.ttc / 100)], date_facture: [dateText], numero: [inv.number], fournisseur: [inv.seller.name], siret: printsSiret ? [inv.siret!] : [],
    },
    notes: [
      `locale ${locale}`, multiPage ? 'summary on page 1, lines on page 2' : 'one page', `legal id: ${legal ? `${legal.scheme === ISO6523_CODES.SIRET_CODE ? 'SIRET' : 'SIREN'} in the footer` : 'none'}`,
      `printed: ${Object.entries(picked).filter(([, on]) => on).map(([k]) => k).join(', ') || 'nothing optional'}`,
      ...(prepaid ? [`deposit ${centsToDecimal(prepaid)} paid, ${centsToDecimal(totals.ttc - prepaid)} due`] : []),
    ],
  };
}
