/** A French postal code: exactly 5 digits (« 69003 », « 2A004 » is a commune code, not a postal one). */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const POSTAL_CODE_INVALID = 'Le code postal doit contenir 5 chiffres';
