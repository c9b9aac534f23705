// Maps an embedded e-invoice (CII D16B/D22B, ZUGFeRD 1.0, UBL 2.1) to fields. This path is exact:
// values are taken as written in the XML, never re-derived.
import { isoDate } from '../../domain/dates.ts';
import { isValidSiret, sirenFromFrenchVat } from '../../domain/identifiers.ts';
import { decimalToCents } from '../../domain/money.ts';
import type { VatLine } from '../../domain/invoice-checks.ts';
import type { ExtractedInvoice } from '../types.ts';
import { all, attr, first, parseXml, text, textAt, type XmlNode } from './xml-tree.ts';

/** The invoice the XML describes, or null when it is not an invoice syntax we know. */
export function invoiceFromXml(xml: string): ExtractedInvoice | null {
  const doc = parseXml(xml);
  if (doc.CrossIndustryInvoice) return fromCii(doc.CrossIndustryInvoice as XmlNode, CII);
  if (doc.CrossIndustryDocument) return fromCii(doc.CrossIndustryDocument as XmlNode, ZUGFERD1);
  if (doc.Invoice) return fromUbl(doc.Invoice as XmlNode);
  if (doc.CreditNote) return fromUbl(doc.CreditNote as XmlNode);
  return null;
}

// CII D16B and ZUGFeRD 1.0 share their vocabulary but not their element names.
const CII = {
  header: 'ExchangedDocument', transaction: 'SupplyChainTradeTransaction', agreement: 'ApplicableHeaderTradeAgreement',
  settlement: 'ApplicableHeaderTradeSettlement', summation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  rate: 'RateApplicablePercent', profile: 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID',
};
const ZUGFERD1 = {
  header: 'HeaderExchangedDocument', transaction: 'SpecifiedSupplyChainTradeTransaction', agreement: 'ApplicableSupplyChainTradeAgreement',
  settlement: 'ApplicableSupplyChainTradeSettlement', summation: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent', profile: 'SpecifiedExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID',
};

/** CII dates: format 102 is YYYYMMDD; some producers write ISO dates anyway. */
function ciiDate(node: unknown): string | null {
  const raw = text(first(node, 'DateTimeString')) ?? text(node);
  const m = raw ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(raw) : null;
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

const cents = (node: unknown) => decimalToCents(text(node));

/** TaxTotalAmount may repeat, once per currency (BT-110 vs BT-111): take the invoice currency's. */
function amountInCurrency(nodes: unknown[], currency: string | null): number | null {
  const match = nodes.find((n) => !currency || !attr(n, 'currencyID') || attr(n, 'currencyID') === currency);
  return cents(match ?? nodes[0]);
}

function identifiers(party: unknown, legalPath: string, taxPath: string) {
  let siret: string | null = null;
  let siren: string | null = null;
  for (const id of all(party, legalPath)) {
    const value = (text(id) ?? '').replace(/\s/g, '');
    const scheme = attr(id, 'schemeID');
    // 0002 is SIREN and 0009 SIRET, but real files put a 14-digit SIRET under 0002: the digits decide.
    // The XML is the seller's own statement, so it is reported as written; the checks judge its key.
    const french = !scheme || scheme === '0002' || scheme === '0009';
    if (french && /^\d{14}$/.test(value)) siret ??= value;
    if (french && /^\d{9}$/.test(value)) siren ??= value;
  }
  const vatId = all(party, taxPath).map((n) => text(n)).find((v) => v && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v.replace(/\s/g, ''))) ?? null;
  siren ??= siret ? siret.slice(0, 9) : vatId ? sirenFromFrenchVat(vatId) : null;
  return { siret, siren, vatId: vatId?.replace(/\s/g, '') ?? null };
}

function fromCii(root: XmlNode, p: typeof CII): ExtractedInvoice {
  const header = first(root, p.header);
  const transaction = first(root, p.transaction);
  const seller = first(transaction, `${p.agreement}/SellerTradeParty`);
  const settlement = first(transaction, p.settlement);
  const summation = first(settlement, p.summation);
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const ids = identifiers(seller, 'SpecifiedLegalOrganization/ID', 'SpecifiedTaxRegistration/ID');
  const globalIds = all(seller, 'GlobalID').map((n) => (text(n) ?? '').replace(/\s/g, ''));
  const siret = ids.siret ?? globalIds.find((v) => v.length === 14 && isValidSiret(v)) ?? null;
  const vatBreakdown: VatLine[] = all(settlement, 'ApplicableTradeTax').map((t) => ({
    rate: numberOrNull(textAt(t, p.rate)), basis: cents(first(t, 'BasisAmount')), tax: cents(first(t, 'CalculatedAmount')),
  }));
  return {
    fields: {
      montant_ht: cents(first(summation, 'TaxBasisTotalAmount')) ?? cents(first(summation, 'LineTotalAmount')),
      montant_tva: amountInCurrency(all(summation, 'TaxTotalAmount'), currency),
      montant_ttc: cents(first(summation, 'GrandTotalAmount')),
      fournisseur: textAt(seller, 'Name') ?? textAt(seller, 'SpecifiedLegalOrganization/TradingBusinessName'),
      siret,
      date_facture: ciiDate(first(header, 'IssueDateTime')),
      numero: textAt(header, 'ID'),
      devise: currency,
    },
    confidence: {},
    extra: {
      siren: ids.siren ?? (siret ? siret.slice(0, 9) : null),
      vatId: ids.vatId,
      dueDate: ciiDate(first(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime')),
      amountDue: cents(first(summation, 'DuePayableAmount')),
      iban: textAt(settlement, 'SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID'),
      vatBreakdown,
      sellerCountry: textAt(seller, 'PostalTradeAddress/CountryID'),
      profile: textAt(root, p.profile),
    },
  };
}

function fromUbl(root: XmlNode): ExtractedInvoice {
  const party = first(root, 'AccountingSupplierParty/Party');
  const totals = first(root, 'LegalMonetaryTotal');
  const currency = textAt(root, 'DocumentCurrencyCode');
  const ids = identifiers(party, 'PartyLegalEntity/CompanyID', 'PartyTaxScheme/CompanyID');
  const endpoint = (textAt(party, 'PartyIdentification/ID') ?? '').replace(/\s/g, '');
  const taxTotals = all(root, 'TaxTotal');
  const taxInCurrency = taxTotals.find((t) => attr(first(t, 'TaxAmount'), 'currencyID') === currency) ?? taxTotals[0];
  const date = textAt(root, 'IssueDate');
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return {
    fields: {
      montant_ht: cents(first(totals, 'TaxExclusiveAmount')),
      montant_tva: cents(first(taxInCurrency, 'TaxAmount')),
      montant_ttc: cents(first(totals, 'TaxInclusiveAmount')),
      fournisseur: textAt(party, 'PartyLegalEntity/RegistrationName') ?? textAt(party, 'PartyName/Name'),
      siret: ids.siret ?? (endpoint.length === 14 && isValidSiret(endpoint) ? endpoint : null),
      date_facture: m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null,
      numero: textAt(root, 'ID'),
      devise: currency,
    },
    confidence: {},
    extra: {
      siren: ids.siren,
      vatId: ids.vatId,
      dueDate: textAt(root, 'DueDate'),
      amountDue: cents(first(totals, 'PayableAmount')),
      iban: textAt(root, 'PaymentMeans/PayeeFinancialAccount/ID'),
      vatBreakdown: all(taxInCurrency, 'TaxSubtotal').map((s) => ({
        rate: numberOrNull(textAt(s, 'TaxCategory/Percent')), basis: cents(first(s, 'TaxableAmount')), tax: cents(first(s, 'TaxAmount')),
      })),
      sellerCountry: textAt(party, 'PostalAddress/Country/IdentificationCode'),
      profile: textAt(root, 'CustomizationID'),
    },
  };
}

function numberOrNull(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
