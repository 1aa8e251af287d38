/** Phone numbers of the notification configuration (docs/product.md): exactly 10 digits, or empty. */
export const PHONE_PATTERN = /^\d{10}$/;
export const PHONE_MESSAGE = 'Le numéro de téléphone doit contenir 10 chiffres';

/** The same rule for the form and the API: an empty value is allowed (the field is optional). */
export function isValidPhone(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  return PHONE_PATTERN.test(value);
}
