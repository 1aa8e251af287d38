import { z } from 'zod';

export const companyClaimSchema = z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.string()) });

/** Claims of the display token (docs/product.md). The UI reads them; the API never accepts the token. */
export const displayTokenClaimsSchema = z.object({
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  companyId: z.number().int(),
  franchiseId: z.number().int().nullable(),
  companies: z.array(companyClaimSchema),
  jeton: z.number().int(),
  isReferent: z.boolean(),
});
export type DisplayTokenClaims = z.infer<typeof displayTokenClaimsSchema>;
export type CompanyClaim = z.infer<typeof companyClaimSchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().email({ message: 'Adresse e-mail invalide' }),
  password: z.string().min(1, { message: 'Le mot de passe est obligatoire' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Answer of login and refresh: the display token only; the credential travels in the httpOnly cookie. */
export const sessionResponseSchema = z.object({ token: z.string() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * Every 4xx/5xx answer carries one French message, and the id of the request (`requestId`, also in the
 * `x-request-id` header and in the server's log lines), which the browser shows beside a server error.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  /** A refusal a page handles by its kind (`CESSION_REQUIRED_REFUSAL`), not by its French text. */
  refusal: z.string().optional(),
  /** The form fields the refusal names (`customer.address`), for the page to highlight them. */
  fields: z.array(z.string()).optional(),
  statusCode: z.number().int().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const SESSION_COOKIE = 'garage_session';
/** The pseudo company "TOUT": all of the user's companies. */
export const ALL_COMPANIES_ID = 0;
