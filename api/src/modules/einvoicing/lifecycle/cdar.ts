import { LIFECYCLE_REASONS, LIFECYCLE_STATUSES, type LifecycleCode } from 'contracts';
import { amount, day102, decimal } from '../../../lib/einvoice-numbers';
import { element as el, renderXml } from '../../../lib/xml';
import { at, parseXml, text } from '../reading/xml-tree';

/*
 * The lifecycle message of the French e-invoicing reform (« cycle de vie », CDV): a UN/CEFACT Cross Domain
 * Acknowledgement And Response D22B (CDAR), the file a company and its approved platform exchange as the flows
 * `CustomerInvoiceLC` and `SupplierInvoiceLC` of XP Z12-013. One message carries one status of one invoice.
 * Elements follow the CDAR XSD's order; what each one must hold comes from the French rules BR-FR-CDV (FNFE-MPE
 * schematron 1.4.0), named next to the element (MDT-… are the data numbers of XP Z12-012).
 */

/** Buyer, seller, or a platform (WK: the statuses a platform sets, such as 213 Rejetée). */
export type LifecycleRole = 'BY' | 'SE' | 'WK';

export interface LifecycleStatus {
  /** Unique id of this message (MDT-4). */
  messageId: string;
  /** When the status was set. */
  issuedAt: Date;
  code: LifecycleCode;
  reason?: { code: string; text: string };
  invoice: { number: string; issueDay: string /* YYYY-MM-DD */; typeCode: string /* 380, 381… */ };
  /** Who sets the status (the buyer for 204/205/207/210, the seller for 212, a platform for 213) and whom it is for. */
  sender: { name: string; siren: string; role: LifecycleRole };
  recipient: { name: string; siren: string; role: LifecycleRole };
  /** 212 Encaissée: the amount collected (integer cents) per VAT rate (percent, e.g. 20 or 5.5). */
  collected?: { cents: number; vatRate: number }[];
}

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};
/** MDT-3: the lifecycle between a company and the platforms (the one to the public portal is another profile). */
export const CDAR_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';

/**
 * The statuses of the transmission phase, set by the platforms: the message's type is then 305 and both its
 * sender and its issuer must be a platform, WK (BR-FR-CDV-CL-02, CL-03); every other status is type 23.
 */
const TRANSMISSION = new Set<LifecycleCode>(['200', '201', '202', '203', '213', '221', '501']);
/** The statuses that need a reason (BR-FR-CDV-15). */
const NEED_REASON = new Set<LifecycleCode>(['206', '207', '208', '210', '213', '501']);
/**
 * MDT-88, the document status (UNTDID 1373) that goes with the French code; optional, written where the mapping
 * is known, and only among the values BR-FR-CDV-CL-05 allows for the phase.
 */
const DOCUMENT_STATUS: Partial<Record<LifecycleCode, string>> = {
  '200': '10',
  '201': '51',
  '202': '43',
  '203': '48',
  '213': '8',
  '204': '45',
  '205': '1',
  '206': '49',
  '207': '46',
  '208': '39',
  '209': '37',
  '210': '50',
  '211': '47',
  '212': '47',
};

/** Format 204, CCYYMMDDHHMMSS, the time in France: the format carries no time zone. */
function dateTime204(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

const dateTime = (date: Date) => el('udt:DateTimeString', dateTime204(date), { format: '204' });

/**
 * A party of the message. The legal id, when written, is the SIREN (scheme 0002); a platform issuing a
 * transmission status goes without one (BR-FR-CDV-07). A recipient other than a platform needs an electronic address
 * (BR-FR-CDV-08): its SIREN, the address every company gets in the directory (scheme 0225).
 */
function party(tag: string, who: LifecycleStatus['sender'], options: { globalId: boolean; address: boolean }) {
  return el(tag, [
    options.globalId ? el('ram:GlobalID', who.siren, { schemeID: '0002' }) : null,
    el('ram:Name', who.name),
    el('ram:RoleCode', who.role),
    options.address && who.role !== 'WK'
      ? el('ram:URIUniversalCommunication', [el('ram:URIID', who.siren, { schemeID: '0225' })])
      : null,
  ]);
}

/** The detail of the status (MDG-37): its reason (MDT-113) and, for 212, the amount collected per VAT rate. */
function detail(status: LifecycleStatus) {
  if (!status.reason && !status.collected?.length) return null;
  return el('ram:SpecifiedDocumentStatus', [
    el('ram:ReasonCode', status.reason?.code ?? ''),
    el('ram:Reason', status.reason?.text ?? ''),
    // MDT-124-2, mandatory in a detail (BR-FR-CDV-16): one detail per message here.
    el('ram:SequenceNumeric', 1),
    (status.collected ?? []).map((each) =>
      // MEN: the amount collected, with its VAT rate, so VAT due on collection can be worked out (BR-FR-CDV-14).
      el('ram:SpecifiedDocumentCharacteristic', [
        el('ram:TypeCode', 'MEN'),
        el('ram:ValueAmount', amount(each.cents), { currencyID: 'EUR' }),
        el('ram:ValuePercent', decimal(each.vatRate)),
      ]),
    ),
  ]);
}

/** The invoice the status is about (MDG-33) and the status itself (MDT-105). */
function referencedInvoice(status: LifecycleStatus, seller: LifecycleStatus['sender']) {
  return el('ram:ReferenceReferencedDocument', [
    el('ram:IssuerAssignedID', status.invoice.number),
    el('ram:StatusCode', DOCUMENT_STATUS[status.code] ?? ''),
    el('ram:TypeCode', status.invoice.typeCode),
    el('ram:FormattedIssueDateTime', [el('qdt:DateTimeString', day102(status.invoice.issueDay), { format: '102' })]),
    el('ram:ProcessConditionCode', status.code),
    el('ram:ProcessCondition', LIFECYCLE_STATUSES[status.code]),
    // MDT-129: the seller who issued the invoice, always by its SIREN, role SE (BR-FR-CDV-13, CL-07).
    el('ram:IssuerTradeParty', [el('ram:GlobalID', seller.siren, { schemeID: '0002' }), el('ram:RoleCode', 'SE')]),
    detail(status),
  ]);
}

/** What the French rules would refuse, said before anything is sent. */
function check(status: LifecycleStatus) {
  const platform = TRANSMISSION.has(status.code);
  if (platform !== (status.sender.role === 'WK'))
    throw new Error(`Le statut ${status.code} ne peut pas être posé par le rôle ${status.sender.role}`);
  if (NEED_REASON.has(status.code) && !status.reason)
    throw new Error(`Le statut ${status.code} (${LIFECYCLE_STATUSES[status.code]}) exige un motif`);
  if (status.reason && !(status.reason.code in LIFECYCLE_REASONS))
    throw new Error(`Motif de statut inconnu : ${status.reason.code}`);
  if (status.code === '212' && !status.collected?.length)
    throw new Error('Le statut 212 (Encaissée) exige le montant encaissé par taux de TVA');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(status.invoice.issueDay))
    throw new Error(`Date de facture invalide : ${status.invoice.issueDay}`);
}

/** The CDAR XML of one lifecycle status. */
export function cdarXml(status: LifecycleStatus): string {
  check(status);
  const seller = [status.sender, status.recipient].find((each) => each.role === 'SE');
  if (!seller) throw new Error('Le message de cycle de vie doit nommer le vendeur (rôle SE)');
  const platform = TRANSMISSION.has(status.code);
  return renderXml(
    el(
      'rsm:CrossDomainAcknowledgementAndResponse',
      [
        el('rsm:ExchangedDocumentContext', [
          // MDT-2: REGULATED, an exchange of the reform between French companies (BR-FR-CDV-CL-01).
          el('ram:BusinessProcessSpecifiedDocumentContextParameter', [el('ram:ID', 'REGULATED')]),
          el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', CDAR_GUIDELINE)]),
        ]),
        el('rsm:ExchangedDocument', [
          el('ram:ID', status.messageId),
          el('ram:Name', LIFECYCLE_STATUSES[status.code]),
          el('ram:IssueDateTime', [dateTime(status.issuedAt)]),
          // The sender of the file and the issuer of the status are the same company (or platform) here. The
          // sender goes without its SIREN: a sender's GlobalID may only be a platform's number (scheme 0238), else
          // BR-FR-CDV-CL-09 takes a refusal for one to the State (B2G) and checks its reason against that list.
          party('ram:SenderTradeParty', status.sender, { globalId: false, address: false }),
          party('ram:IssuerTradeParty', status.sender, { globalId: !platform, address: false }),
          party('ram:RecipientTradeParty', status.recipient, { globalId: true, address: true }),
        ]),
        el('rsm:AcknowledgementDocument', [
          el('ram:MultipleReferencesIndicator', [el('udt:Indicator', 'false')]),
          // MDT-77: 305 for the transmission phase, 23 for the processing phase (BR-FR-CDV-09).
          el('ram:TypeCode', platform ? '305' : '23'),
          el('ram:IssueDateTime', [dateTime(status.issuedAt)]),
          referencedInvoice(status, seller),
        ]),
      ],
      NAMESPACES,
    ),
  );
}

/**
 * A date of the file as ISO: format 102 (CCYYMMDD) as a day, 204 (CCYYMMDDHHMMSS) as a local date-time; the
 * length of the digits tells one from the other, so the format attribute is not needed.
 */
function isoDateTime(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value);
  if (!match) return /^\d{4}-\d{2}-\d{2}/.test(value) ? value : null;
  const [, year, month, day, hour, minute, second] = match;
  return hour ? `${year}-${month}-${day}T${hour}:${minute}:${second}` : `${year}-${month}-${day}`;
}

/** The date of a DateTime element: its DateTimeString (any format above), or the xsd:dateTime variant. */
function dateOf(node: unknown): string | null {
  return isoDateTime(text(node, 'DateTimeString') || text(node, 'DateTime'));
}

/**
 * Reads a CDAR coming back from the platform: the invoice it concerns, its status and reason. A message listing
 * several invoices or statuses is read for its first. Throws an Error with a French message if it is not a CDAR.
 */
export function readCdar(xml: string): {
  invoiceNumber: string;
  invoiceIssueDay: string | null;
  code: string;
  label: string;
  reason: { code: string; text: string } | null;
  issuedAt: string;
} {
  // parseXml refuses a DOCTYPE before parsing: no entity of a stranger's file is ever expanded.
  const root = at(parseXml(xml.replace(/^\uFEFF/, '')), 'CrossDomainAcknowledgementAndResponse');
  if (!root || typeof root !== 'object') throw new Error('Ce fichier XML n’est pas un message de cycle de vie (CDAR)');
  const invoice = at(root, 'AcknowledgementDocument', 'ReferenceReferencedDocument');
  const invoiceNumber = text(invoice, 'IssuerAssignedID');
  const code = text(invoice, 'ProcessConditionCode');
  if (!invoiceNumber || !code)
    throw new Error('Message de cycle de vie incomplet : la facture ou le statut n’y figure pas');
  const detail = at(invoice, 'SpecifiedDocumentStatus');
  const reasonCode = text(detail, 'ReasonCode');
  return {
    invoiceNumber,
    invoiceIssueDay: dateOf(at(invoice, 'FormattedIssueDateTime'))?.slice(0, 10) ?? null,
    code,
    // Codes outside our list (agreed between partners, or newer) keep the label the file gives.
    label: LIFECYCLE_STATUSES[code as LifecycleCode] ?? (text(invoice, 'ProcessCondition') || `Statut ${code}`),
    reason: reasonCode
      ? {
          code: reasonCode,
          text: text(detail, 'Reason') || ((LIFECYCLE_REASONS as Record<string, string>)[reasonCode] ?? reasonCode),
        }
      : null,
    issuedAt:
      dateOf(at(root, 'ExchangedDocument', 'IssueDateTime')) ??
      dateOf(at(root, 'AcknowledgementDocument', 'IssueDateTime')) ??
      '',
  };
}
