// English label vocabulary, one alternative per line, in folded text (see build.ts).
import type { Vocabulary } from './build.ts';
import { OPEN_BRACKET } from './fragments.ts';

export const EN: Vocabulary = {
  // "Total (excl. VAT)", "Total sales before tax"; "Total exc. VAT", "Total ex GST" as British and
  // Australian bills abbreviate it.
  exclusive: [
    String.raw`excl\.?`,
    'exc',
    'ex',
    'excluding',
    'before',
    'net',
    'w/o',
    'without',
  ],
  taxNames: [
    'vat',
    'tax',
    'gst',
    'sst',
  ],
  netAmounts: [
    'net amount',
    String.raw`amount excl\w*\.?( vat| tax)?`,
  ],
  // "Nett Total", as Malaysian tills print it.
  netTotals: [
    String.raw`sub[- ]?total`,
    'nett? total',
  ],
  vatNames: [
    'vat',
    'tax(es)?',
    'gst',
    'sst',
  ],
  insuranceTaxes: [
    String.raw`insurance\s+(premium\s+)?tax`,
  ],
  // "Total incl. VAT", "Total (VAT incl.)"; OCR reads a receipt's "(Inclusive" as "'nclusive" or "[Inclusive".
  inclusiveTotals: [
    String.raw`(total\s+((€|eur)\s+)?(sales\s*)?|sales\s*)${OPEN_BRACKET}\s*(incl\.?|including|i?nclusive(\s+of)?|inc\.?|with)\b[^0-9]{0,12}?(vat|tax|gst|sst)`,
    String.raw`total\s*[(<\[]?\s*(vat|tax|gst|sst)\s+(incl\w*|inc)\b\.?\s*[)>\]]?`,
  ],
  grossTotals: [
    'grand total',
    'invoice total',
    'total invoice',
    // Not "Net Total Amount", the net under a heavier label's words, nor "Line Total Amount", the
    // lines' sum before allowances and charges (EN 16931's BT-106).
    String.raw`(?<!\b(nett?|line)\s+)total amount(?!\s+due)`,
    'rounded total',
    String.raw`total \(rm\)`,
    String.raw`total sales(?!\s*${OPEN_BRACKET}\s*(excl|before|w/o|without))`,
    String.raw`gross\s+total`,
    String.raw`total\s+gross`,
    String.raw`gross\s+amount`,
  ],
  // Receipts print their one total as "Total Payable".
  payableTotals: [
    String.raw`total\s+(amount\s+)?payable`,
    String.raw`amount\s+payable`,
  ],
  amountsDue: [
    String.raw`total\s+amount\s+due`,
    String.raw`amount\s+due`,
    String.raw`balance\s+due`,
    String.raw`total\s+due`,
    String.raw`due\s+payable`,
    'payable amount',
    String.raw`amount\s+to\s+pay`,
    String.raw`total\s+to\s+pay`,
    String.raw`amount\s+owing`,
  ],
  discounts: [
    'discount',
    String.raw`disc\b`,
    'promo',
    'coupon',
    'rebate',
    'markdown',
    'goodwill',
    String.raw`trade\s+allowance`,
    String.raw`loyalty\s+(reward|credit)`,
  ],
  vatAbsent: [
    String.raw`outside\s+the\s+scope\s+of\s+vat`,
    String.raw`zero[- ]?rated(\s+vat)?`,
    String.raw`(vat|tax)[- ]exempt`,
    String.raw`exempt\s+(from\s+)?(vat|tax)`,
    String.raw`no\s+vat`,
    String.raw`zero\s+vat`,
    String.raw`vat\s+not\s+applicable`,
    String.raw`not\s+subject\s+to\s+vat`,
    String.raw`vat\s*:?\s*nil`,
    String.raw`non[- ]vatable`,
  ],
  afterDiscount: [
    String.raw`after\s+discounts?`,
  ],
  depositsPaid: [
    'paid',
    'received',
    'less',
    'deducted',
    'previous',
    'applied',
    'held',
    'next',
  ],
  depositsAsked: [
    'deposit',
    String.raw`advance\s+payment`,
  ],
  amountDecoys: [
    'deposit',
    'already paid',
    'discount',
    // EN 16931's word for a discount off the invoice ("Allowance (Tax: 20.00%): Discount").
    'allowances?',
    'recovery',
    'retention',
    'carried',
    'brought forward',
    // A page's running total carried over ("Subtotal c/f", "b/f from page 1").
    String.raw`[cb]/f`,
    'rounding',
    'change',
    'tendered',
    'cash',
    'paid',
  ],
  itemHeadings: [
    'description',
    String.raw`qty`,
    'quantity',
    'unit price',
    'item',
  ],
  zeroVatEvidence: [
    'vat exempt',
    'reverse charge',
    String.raw`exempt\s+from\s+vat`,
    String.raw`zero[- ]rated`,
    // A seller under the registration threshold: "No VAT charged", "Not registered for VAT".
    String.raw`no\s+vat\s+(is\s+)?charged`,
    String.raw`not\s+(vat[- ]registered|registered\s+for\s+vat)`,
  ],

  invoiceDateLabels: [
    String.raw`invoice\s+date`,
    String.raw`date\s+of\s+(issue|invoice)`,
    String.raw`issue\s+date`,
    String.raw`issued\s+on`,
    // A bare "Issued" labels only a value right after it ("Issued: 12 March 2025", "Invoice # 12
    // issued at 2025-03-12"); mid-sentence ("issued by", "issued at Lisbon", "issued in accordance
    // with") it labels nothing.
    String.raw`issued(\s+at)?(?=\s*:?\s*\d)`,
    String.raw`date\s+issued`,
    String.raw`bill(ing)?\s+date`,
    String.raw`document\s+date`,
    String.raw`credit\s+note\s+date`,
  ],
  dueDateLabels: [
    String.raw`due(\s+date)?`,
    'payable',
    String.raw`payment\s+(date|due)`,
    String.raw`pay\s+(by|before|until)`,
    String.raw`payment\s+(deadline|by)`,
  ],
  // The first word of "Due Date", a word of its own before a bare "Date" (see OTHER_DATE_WORDS).
  shortDateKinds: [
    'due',
  ],
  otherDateLabels: [
    'delivery',
    'delivered',
    'order',
    // A purchase order's date: "PO date", "P.O. date", and "P0 date" as OCR reads its O.
    String.raw`p\.?\s?[o0]\.?\s+date`,
    'period',
    String.raw`from\s+\d`,
    'valid',
    'printed',
    'print',
    'subscription',
    'contract',
    'debit',
    'shipping',
    'ship',
    String.raw`service\s+date`,
    'supply',
    'dispatch',
    String.raw`paid\s+on`,
    String.raw`received\s+on`,
    String.raw`payment\s+received`,
    String.raw`(start|end)\s+date`,
    // A service period's bounds: "Start of service: 3 Jan 2025", "Service end".
    String.raw`(start|end)\s+of\s+(the\s+)?(service|supply|term)`,
    String.raw`service\s+(start|end|period|from)`,
  ],
  // "Original Invoice Date", as a credit or debit note quotes the invoice it corrects.
  dateQualifiersBefore: [
    'next',
    'previous',
    'last',
    'prior',
    'original',
    String.raw`orig\.?`,
    'related',
    String.raw`ref(erence)?\.?`,
    'corrected',
  ],
  dateQualifiers: [
    String.raw`of\s+(the\s+)?(original|related)`,
    // "Invoice date (original)".
    'original',
    'start',
    'end',
  ],
  // "Date/Time : 23/10/2016 16:18:58", "Date & Time": a till's date with its time.
  dateWords: [
    String.raw`date\s*(/|&|and)\s*time`,
  ],
  lineEndDateWords: [
    'dated',
  ],
  datedWords: [
    'dated',
  ],
  datedTitles: [
    'invoice',
    String.raw`credit\s+note`,
  ],
  titlesBeforeDate: [
    'invoice',
  ],

  // "Credit against invoice INV-12 dated …": the invoice a credit note corrects, not its own date.
  otherInvoiceMentions: [
    'against',
    // "Credit note to invoice 12 dated", "Correction of invoice 12 of 3 May": the corrected one's date.
    'to',
    'of',
    'original',
    String.raw`relating\s+to`,
    // A row deducting an earlier invoice, a credit note's reference: "Less progress invoice INV-18
    // dated", "Re: Invoice INV-18 dated", "Credit for invoice #18".
    String.raw`less(\s+(progress|deposit|interim|previous))?`,
    String.raw`re\s*:`,
    'for',
    String.raw`reference\s*:`,
  ],
  numberedTitles: [
    'invoice',
    String.raw`credit\s+note`,
    'bill',
    'receipt',
    'document',
  ],
  numberWords: [
    'number',
  ],
  cellNumberWords: [
    'number',
  ],
  invoiceTitles: [
    'invoice',
  ],
  numberedDocuments: [
    'invoice',
    'document',
  ],
  notOurReference: [
    'customer',
    'order',
  ],

  sellerHeadings: [
    'seller',
    'supplier',
    'vendor',
    'issuer',
    String.raw`(bill(ed)?|invoice)\s+from`,
    // A whole cell only (the pattern is anchored): "From:" heading the seller's block.
    'from',
  ],
  contactKeys: [
    String.raw`contact(\s+person)?`,
    'address',
    'phone',
    'number',
  ],
  customerLabels: [
    'customer',
    String.raw`bill(ed)?\s+to`,
    String.raw`sold\s+to`,
    // "Invoice to" heading its block, a whole cell: not "please pay this invoice to …".
    String.raw`(?<=(^|\u2003)\s?)invoice(d)?\s+to(?=\s*:?\s*($|\u2003))`,
    // "To:" heading its block: a whole cell, with its colon.
    String.raw`(?<=(^|\u2003)\s?)to(?=\s*:\s*($|\u2003))`,
    String.raw`ship(ped)?\s+to`,
    String.raw`deliver\s+to`,
    'buyer',
  ],
  // With the forms English-language invoices from Italy and Malaysia carry.
  legalForms: [
    String.raw`ltd\.?`,
    'limited',
    String.raw`inc\.?`,
    'llc',
    'llp',
    'plc',
    String.raw`s\.?p\.?a\.?`,
    String.raw`s\.?r\.?l\.?`,
    // OCR reads its final D as an O or a nought on a till's print ("SDN BHO").
    String.raw`sdn\.?\s*bh[do0]\.?`,
    String.raw`bhd\.?`,
    // Sdn Bhd as tills abbreviate it ("99 SPEED MART S/B").
    String.raw`s/b`,
    'enterprise',
    'trading',
  ],
  // With the Malay ones English-language receipts from Malaysia print ("No. 12, Jalan Besar", "Lot 5, Jln Bunga").
  streetTypes: [
    'street',
    'road',
    'lane',
    'avenue',
    'jalan',
    String.raw`jln\.?`,
    'lorong',
    String.raw`lrg\.?`,
    'persiaran',
    'lebuh',
    'taman',
    String.raw`tmn\.?`,
  ],
  titleWords: [
    'invoice',
    'credit note',
    'quote',
    'receipt',
    'tax invoice',
    'simplified tax invoice',
    'copy',
    'page',
  ],
  creditNoteTitles: [
    String.raw`credit\s+(note|memo)`,
  ],
  invoiceWords: [
    String.raw`invoice\w*`,
  ],
};
