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

/** The missing mentions of the buyer. */
export function missingBuyerMentions(buyer: BillingParty): string[] {
  const missing: string[] = [];
  if (!filled(buyer.name)) missing.push('le nom de l’acheteur');
  if (!filled(buyer.address) || !filled(buyer.postalCode) || !filled(buyer.city)) {
    missing.push('l’adresse complète de l’acheteur');
  }
  if (buyer.isBusiness && !isValidSiren(buyer.siren))
    missing.push('le SIREN valide de l’acheteur professionnel (BR-FR-11)');
  if (buyerVatProblem(buyer.vatNumber, buyer.siren))
    missing.push('un numéro de TVA de l’acheteur conforme à son SIREN');
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
