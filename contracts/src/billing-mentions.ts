import type { BillingParty, DocumentType } from './billing';
import { buyerVatProblem, isValidSiren, isValidSiret } from './company-ids';

/*
 * The issue-time gate: an invoice or a credit note is issued only when it can carry every mention the law
 * asks of it (CGI art. 242 nonies A; C. com. L441-9 and R123-237; décret 98-247 art. 9 for the RM), otherwise the
 * issue is refused with what is missing, and nothing changes. One function for the server and the screens.
 */

export const REGISTRY_KINDS = ['RCS', 'RM'] as const;
export type RegistryKind = (typeof REGISTRY_KINDS)[number];
export const REGISTRY_KIND_LABELS: Record<RegistryKind, string> = {
  RCS: 'RCS — registre du commerce (ville du greffe)',
  RM: 'RM — répertoire des métiers (département)',
};

/** What the gate reads of the seller: the garage's "Ma société". */
export interface SellerMentions {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  siret: string | null;
  vatNumber: string | null;
  vatExemption: string | null;
  legalForm: string | null;
  /** Cents. */
  shareCapital: number | null;
  registryKind: string | null;
  registryPlace: string | null;
}

/** The documents the gate applies to: the tax documents a buyer and an auditor receive. */
export const GATED_DOCUMENT_TYPES: readonly DocumentType[] = ['invoice', 'credit-note'];

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** The missing mentions of the seller, each named as the user fixes it, in the order of "Ma société". */
export function missingSellerMentions(seller: SellerMentions): string[] {
  const missing: string[] = [];
  if (!filled(seller.name)) missing.push('la raison sociale');
  if (!filled(seller.address) || !filled(seller.postalCode) || !filled(seller.city)) {
    missing.push('l’adresse complète du garage');
  }
  if (!seller.siret || !isValidSiret(seller.siret)) missing.push('un SIRET valide (BR-FR-10)');
  if (!filled(seller.legalForm)) missing.push('la forme juridique');
  // An individual entrepreneur (EI) has no share capital; every company form states its own.
  if (filled(seller.legalForm) && seller.legalForm !== 'EI' && seller.shareCapital === null) {
    missing.push('le capital social');
  }
  if (!filled(seller.registryKind) || !filled(seller.registryPlace)) {
    missing.push('l’immatriculation (RCS et ville du greffe, ou RM et département)');
  }
  if (!filled(seller.vatNumber) && !filled(seller.vatExemption)) {
    missing.push('le n° de TVA intracommunautaire ou la mention d’exonération');
  }
  return missing;
}

/** The buyer's fields a refused issue may name, as the document form calls them (`customer.address`). */
export type BuyerField = 'name' | 'address' | 'postalCode' | 'city' | 'siren' | 'vatNumber';

/** What each missing field of the buyer says under it on the form. */
export const BUYER_FIELD_REQUIRED: Record<BuyerField, string> = {
  name: 'Le nom de l’acheteur est obligatoire pour émettre ce document',
  address: 'L’adresse est obligatoire pour émettre ce document (CGI art. 242 nonies A)',
  postalCode: 'Le code postal est obligatoire pour émettre ce document',
  city: 'La ville est obligatoire pour émettre ce document',
  siren: 'Le SIREN valide d’un acheteur professionnel est obligatoire (BR-FR-11)',
  vatNumber: 'Le n° de TVA doit correspondre au SIREN de l’acheteur',
};

/** Why the buyer's address is asked on an invoice before it is issued (shown beside the fields). */
export const BUYER_ADDRESS_REASON =
  'Obligatoire pour émettre une facture ou un avoir (CGI art. 242 nonies A). Laissée vide, l’adresse du dossier est reprise.';

/** The refusal kind of an issue refused for missing mentions: its body names the buyer's fields to fill. */
export const MENTIONS_MISSING_REFUSAL = 'mentions-missing';

/** The buyer's fields that keep the document from being issued, in the form's order. */
export function missingBuyerFields(buyer: BillingParty): BuyerField[] {
  const missing: BuyerField[] = [];
  if (!filled(buyer.name)) missing.push('name');
  if (!filled(buyer.address)) missing.push('address');
  if (!filled(buyer.postalCode)) missing.push('postalCode');
  if (!filled(buyer.city)) missing.push('city');
  if (buyer.isBusiness && !isValidSiren(buyer.siren)) missing.push('siren');
  if (buyerVatProblem(buyer.vatNumber, buyer.siren)) missing.push('vatNumber');
  return missing;
}

/** The missing mentions of the buyer. */
export function missingBuyerMentions(buyer: BillingParty): string[] {
  const fields = missingBuyerFields(buyer);
  const missing: string[] = [];
  if (fields.includes('name')) missing.push('le nom de l’acheteur');
  if (fields.some((field) => field === 'address' || field === 'postalCode' || field === 'city')) {
    missing.push('l’adresse complète de l’acheteur');
  }
  if (fields.includes('siren')) missing.push('le SIREN valide de l’acheteur professionnel (BR-FR-11)');
  if (fields.includes('vatNumber')) missing.push('un numéro de TVA de l’acheteur conforme à son SIREN');
  return missing;
}

/** What the gate reads of the document itself. */
export interface DocumentMentionFacts {
  /** The VAT rate of each line. */
  lineRates: number[];
  exemptionReason: string;
}

/**
 * The missing mentions of the document: a garage that charges VAT states why a 0 % line bears none (CGI 242 nonies
 * A I 10°); one that charges none says so once, in « Ma société » (art. 293 B).
 */
export function missingDocumentMentions(seller: SellerMentions, document: DocumentMentionFacts): string[] {
  const chargesVat = filled(seller.vatNumber);
  if (chargesVat && document.lineRates.includes(0) && !filled(document.exemptionReason)) {
    return ['le motif d’exonération des lignes à 0 % de TVA'];
  }
  return [];
}

/** The refusal of an issue, naming every missing mention and where to fill it. Empty lists: none. */
export function missingMentionsMessage(seller: string[], buyer: string[]): string {
  const parts = [
    seller.length > 0 ? `dans « Ma société » : ${seller.join(', ')}` : '',
    buyer.length > 0 ? `sur le document : ${buyer.join(', ')}` : '',
  ].filter(Boolean);
  return `Émission impossible, mentions obligatoires manquantes ${parts.join(' ; ')}. Rien n’a été émis.`;
}

/** Undefined when the document may be issued, otherwise the French refusal. */
export function issueRefusal(
  type: DocumentType,
  seller: SellerMentions,
  buyer: BillingParty,
  document: DocumentMentionFacts = { lineRates: [], exemptionReason: '' },
): string | undefined {
  if (!GATED_DOCUMENT_TYPES.includes(type)) return undefined;
  const fromSeller = missingSellerMentions(seller);
  const fromBuyer = [...missingBuyerMentions(buyer), ...missingDocumentMentions(seller, document)];
  if (fromSeller.length === 0 && fromBuyer.length === 0) return undefined;
  return missingMentionsMessage(fromSeller, fromBuyer);
}

/** "RCS Lyon 823 456 789", "RM Rhône 823 456 789": the register, its place and the SIREN, as printed. */
export function registryMention(seller: Pick<SellerMentions, 'registryKind' | 'registryPlace' | 'siret'>): string {
  if (!filled(seller.registryKind) || !filled(seller.registryPlace)) return '';
  const siren = (seller.siret ?? '')
    .replace(/\D/g, '')
    .slice(0, 9)
    .replace(/(\d{3})(?=\d)/g, '$1 ');
  return [seller.registryKind, seller.registryPlace?.trim(), siren].filter(Boolean).join(' ');
}
