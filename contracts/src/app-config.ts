import { z } from 'zod';

/** GET /api/config: public runtime settings the shell needs before login. */
export const appConfigResponseSchema = z.object({ partnerHosts: z.array(z.string()) });
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;

/** GET /remotes.json: Module Federation container name -> remoteEntry.js URL (absolute or same-origin path). */
export const remotesManifestSchema = z.record(z.string(), z.string().min(1));
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
