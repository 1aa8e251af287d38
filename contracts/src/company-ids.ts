import { z } from 'zod';

/*
 * French company identifiers, checked the way the administration computes them: one place for suppliers,
 * centres and garages.
 */

const digits = (value: string) => value.replace(/[\s.]/g, '');

/** Luhn checksum over a string of digits. */
function luhn(value: string): boolean {
  let sum = 0;
  for (let index = 0; index < value.length; index++) {
    let digit = Number(value[value.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `base` followed by the one digit that makes it pass the Luhn check (to make up a valid SIRET in tests). */
export function withLuhnKey(base: string): string {
  const key = [...'0123456789'].find((digit) => luhn(`${base}${digit}`));
  return `${base}${key}`;
}

/** 14 digits passing the Luhn check (La Poste's establishments, SIREN 356000000, add up to a multiple of 5). */
export function isValidSiret(value: string): boolean {
  const siret = digits(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith('356000000')) return [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  return luhn(siret);
}

/** 9 digits passing the Luhn check: the SIREN of a business buyer, printed on its invoices. */
export function isValidSiren(value: string): boolean {
  const siren = digits(value);
  return /^\d{9}$/.test(siren) && luhn(siren);
}

/** The SIREN (9 first digits) of a SIRET. */
export const sirenOf = (siret: string) => digits(siret).slice(0, 9);

/** The French VAT number of a SIREN: FR + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function vatNumberOf(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

/** True when `vat` is the French VAT number of that SIRET's company. */
export const vatMatchesSiret = (vat: string, siret: string): boolean =>
  vat.replace(/\s/g, '').toUpperCase() === vatNumberOf(sirenOf(siret));

/**
 * What is wrong with a buyer's VAT number, in French, or undefined: a French one (FR + key + SIREN) must carry the key
 * of its SIREN, and that SIREN must be the buyer's when given (FR11552100554 for SIREN 552100554, whose key is 96,
 * is refused). Other countries' numbers are taken as typed.
 */
export function buyerVatProblem(vat: string, siren: string): string | undefined {
  const number = vat.replace(/\s/g, '').toUpperCase();
  if (!number.startsWith('FR')) return undefined;
  const match = /^FR(\d{2})(\d{9})$/.exec(number);
  if (!match) return 'Numéro de TVA de l’acheteur invalide : FR, deux chiffres de clé puis les 9 chiffres du SIREN';
  const ownSiren = match[2] ?? '';
  const buyerSiren = digits(siren);
  if (buyerSiren.length === 9 && buyerSiren !== ownSiren) {
    return `Numéro de TVA de l’acheteur invalide : pour le SIREN ${buyerSiren}, c’est ${vatNumberOf(buyerSiren)}`;
  }
  if (number !== vatNumberOf(ownSiren)) {
    return `Numéro de TVA de l’acheteur invalide : la clé du SIREN ${ownSiren} donne ${vatNumberOf(ownSiren)}`;
  }
  return undefined;
}

export const SIRET_INVALID = 'Numéro SIRET invalide : 14 chiffres, clé de contrôle incorrecte';
export const VAT_INVALID = 'Numéro de TVA invalide : il ne correspond pas au SIREN du SIRET';

/**
 * An electronic address for e-invoices as typed: `0225:123456789_FACTURES`, or the identifier alone (scheme 0225,
 * the French directory's). Letters, digits, « - », « _ », « . » and « + » only, 125 at most (BR-FR-23, BR-FR-25).
 */
export const EINVOICING_ID_PATTERN = /^[A-Za-z0-9+\-_.]{1,125}$/;
export const EINVOICING_ADDRESS_PATTERN = new RegExp(`^(?:[0-9A-Z]{2,4}:)?${EINVOICING_ID_PATTERN.source.slice(1)}`);
export const EINVOICING_ADDRESS_INVALID =
  'Adresse de facturation électronique invalide : « 0225: » puis lettres, chiffres, « - », « _ » ou « . » (125 au plus)';
/** The field as a form sends it: empty stays empty (the default address applies). */
export const einvoicingAddressSchema = z
  .string()
  .trim()
  .max(130, { message: EINVOICING_ADDRESS_INVALID })
  .refine((value) => value === '' || EINVOICING_ADDRESS_PATTERN.test(value), { message: EINVOICING_ADDRESS_INVALID })
  .default('');
