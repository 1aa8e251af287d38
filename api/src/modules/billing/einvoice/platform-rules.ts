import { EINVOICING_ID_PATTERN } from 'contracts';
import type { EInvoice, EParty } from './model';

/*
 * What an approved platform would refuse, checked at issue before the invoice exists: the French rules (BR-FR)
 * and EN 16931 rules that the garage's data can break, each named by its identifier so the person fixing it can
 * look it up. The full official rule sets run in the tests (test/einvoice); these are the project's own
 * checks, fast enough for every issue. Rules the document form already holds are not repeated here: the due
 * date follows the issue by the payment term, 0 to 60 days (BR-FR-CO-07), checked by the document's contract.
 */

const SIREN = /^\d{9}$/;

function addressRefusals(party: EParty, who: string, rule: string): string[] {
  const address = party.electronicAddress;
  if (!address) return [];
  // BR-FR-23: the characters an address of scheme 0225 may hold; BR-FR-25: 125 at most (as « Ma société » checks).
  if (address.scheme === '0225' && !EINVOICING_ID_PATTERN.test(address.id)) {
    return [`adresse électronique ${who} invalide : lettres, chiffres, « - », « _ » ou « . », 125 au plus (${rule})`];
  }
  return [];
}

/** The refusals of an e-invoice, empty when a platform would take it. */
export function platformRefusals(invoice: EInvoice): string[] {
  const b2b = invoice.notes.some((note) => note.subject === 'BAR' && note.content === 'B2B');
  const { seller, buyer } = invoice;
  const refusals: string[] = [];
  if (!SIREN.test(seller.siren)) refusals.push('SIREN du vendeur manquant (BR-FR-10)');
  if (!seller.electronicAddress) refusals.push('adresse électronique du vendeur manquante (BR-FR-13)');
  refusals.push(...addressRefusals(seller, 'du vendeur', 'BR-FR-23'));
  if (b2b && !SIREN.test(buyer.siren)) refusals.push('SIREN de l’acheteur manquant (BR-FR-11)');
  else if (b2b && (buyer.electronicAddress?.scheme !== '0225' || !buyer.electronicAddress.id.startsWith(buyer.siren))) {
    refusals.push('adresse électronique de l’acheteur : schéma 0225, commençant par son SIREN (BR-FR-21)');
  }
  refusals.push(...addressRefusals(buyer, 'de l’acheteur', 'BR-FR-23'));
  if (invoice.taxes.some((tax) => tax.category === 'S') && !seller.vatNumber) {
    refusals.push('n° de TVA intracommunautaire du vendeur manquant pour facturer la TVA (BR-S-02)');
  }
  if (invoice.typeCode === '381' && !invoice.preceding) {
    refusals.push('facture corrigée par l’avoir introuvable (BR-FR-CO-05)');
  }
  return refusals;
}

/** The refusal when a platform would refuse the e-invoice. */
export const platformRefusalMessage = (refusals: string[]) =>
  `Émission impossible, une plateforme de facturation électronique refuserait cette facture : ${refusals.join(' ; ')}. Rien n’a été émis.`;
