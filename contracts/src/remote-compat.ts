import { z } from 'zod';

/*
 * The compatibility contract between a remote and the shell it runs under. A remote is deployed
 * alone, possibly built from a newer commit than the shell: what it takes from the shell (the one-instance
 * modules of rspack-config/shared-deps.mjs, and the names of the trimmed router) must be there, in a version it
 * accepts. Its build writes `mf-compat.json` beside its remoteEntry.js; the shell's build writes
 * `host-capabilities.json`. The server checks every remote before listing it in /remotes.json, and the shell
 * shows a refused remote's reason instead of loading it: never a white page or a crash inside a page.
 */

/** `mf-compat.json`: what one remote needs from the shell. */
export const remoteCompatSchema = z.object({
  schema: z.literal(1),
  name: z.string().min(1),
  /** Share key -> the version range it accepts (`^18.0.0`): modules the remote never brings itself. */
  needs: z.record(z.string(), z.string()),
  /** Trimmed shared module -> the names the remote imports from it. */
  names: z.record(z.string(), z.array(z.string())),
});
export type RemoteCompat = z.infer<typeof remoteCompatSchema>;

/** `host-capabilities.json`: what the shell provides. */
export const hostCapabilitiesSchema = z.object({
  schema: z.literal(1),
  /** Share key -> provided version. */
  provides: z.record(z.string(), z.string()),
  /** Trimmed shared module -> the names it provides. */
  names: z.record(z.string(), z.array(z.string())),
});
export type HostCapabilities = z.infer<typeof hostCapabilitiesSchema>;

/** A remote as /remotes.json lists it: where its entry is, and why it is refused if it is. */
export const servedRemoteSchema = z.object({ entry: z.string().min(1), refused: z.string().optional() });
export const servedRemotesSchema = z.record(z.string(), servedRemoteSchema);
export type ServedRemotes = z.infer<typeof servedRemotesSchema>;

export { checkRemoteCompat, satisfiesRange } from './remote-compat-check.mjs';
