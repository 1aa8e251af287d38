/**
 * An expected failure, in the domain's words: what was refused, and a French message safe to show the user. The data
 * layer and the routes throw it alike; the error handler alone turns its kind into an HTTP status
 * (`plugins/app/error-handler.ts`), so no repository knows HTTP and no route maps outcomes by hand.
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'declined'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many'
  | 'unavailable'
  | 'no-units';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /**
     * Fields the specification adds to this refusal's body (the unit purchase page of `no-units`), or the form
     * fields it names (`fields`, for the page to highlight them).
     */
    readonly extra?: Readonly<Record<string, string | string[]>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

const refusal = (kind: RefusalKind) => (message: string) => new DomainError(kind, message);

/** The input breaks a rule (a field, a state the action needs). */
export const invalid = refusal('invalid');
/** No valid session. */
export const unauthenticated = refusal('unauthenticated');
/** A payment the provider declined. */
export const declined = refusal('declined');
/** The user may not do this here (role or garage). */
export const forbidden = refusal('forbidden');
/** Nothing of that id in the user's scope (never says whether it exists elsewhere). */
export const notFound = refusal('not-found');
/** The record's current state forbids it (already issued, already paid, a duplicate). */
export const conflict = refusal('conflict');
/** It existed and is over (an expired link, a used invitation). */
export const gone = refusal('gone');
export const tooLarge = refusal('too-large');
export const unsupportedType = refusal('unsupported-type');
export const tooMany = refusal('too-many');
/** The server cannot serve it now; the client may try again. */
export const unavailable = refusal('unavailable');
