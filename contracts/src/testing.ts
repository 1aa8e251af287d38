import { z } from 'zod';

/*
 * Test-only calls (registered only by the tests' servers, api/test-support: never in the product's build). Browser tests make their own
 * state with them instead of bending the demo data.
 */

/** Clones a demo account: a new user with the same name, password, companies, roles and referent flag. */
export const testCloneUserBodySchema = z.object({ email: z.string().trim().toLowerCase().email() });
export const testCloneUserResponseSchema = z.object({ id: z.number().int(), email: z.string() });
export type TestCloneUserResponse = z.infer<typeof testCloneUserResponseSchema>;

/** A folder of the test's own in the first company of the user (by e-mail), owned by them. */
export const testCreateFolderBodySchema = z.object({ email: z.string().trim().toLowerCase().email() });
export const testCreateFolderResponseSchema = z.object({ id: z.number().int(), plate: z.string(), number: z.string() });
