import { readFileSync } from 'node:fs';
import { REMOTES, type RemotesManifest, remotesManifestSchema } from 'contracts';

/** `mf_folders` -> `/mf/folders/remoteEntry.js`: where the production server serves each remote. */
export const defaultRemoteEntry = (remote: string): string => `/mf/${remote.replace(/^mf_/, '')}/remoteEntry.js`;

/**
 * The runtime manifest the shell reads: one entry per remote, served by this
 * server unless the REMOTES_JSON file points some of them elsewhere (a team
 * deploying its remote alone).
 */
export function loadRemotesManifest(remotesJson: string | undefined): RemotesManifest {
  const manifest: RemotesManifest = Object.fromEntries(REMOTES.map((remote) => [remote, defaultRemoteEntry(remote)]));
  if (!remotesJson) return manifest;
  const override = remotesManifestSchema.parse(JSON.parse(readFileSync(remotesJson, 'utf8')));
  return { ...manifest, ...override };
}

/** Origins other than ours that serve remotes: the CSP must let the browser load scripts from them. */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(manifest)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}
