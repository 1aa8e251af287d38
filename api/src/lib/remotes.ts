import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkRemoteCompat,
  type HostCapabilities,
  hostCapabilitiesSchema,
  REMOTES,
  type RemotesManifest,
  remoteCompatSchema,
  remotesManifestSchema,
  type ServedRemotes,
} from 'contracts';

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

/** How long a remote on another origin keeps its verdict before its `mf-compat.json` is read again. */
const RECHECK_MS = 60_000;
const FETCH_TIMEOUT_MS = 3_000;

export type ReadContract = (entry: string) => Promise<unknown | 'missing' | 'unreachable'>;

/** A remote's `mf-compat.json`, beside its entry on its own origin. */
export const fetchContract: ReadContract = async (entry) => {
  try {
    const response = await fetch(new URL('mf-compat.json', entry), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (response.status === 404) return 'missing';
    if (!response.ok) return 'unreachable';
    return await response.json();
  } catch {
    return 'unreachable';
  }
};

const readJson = (file: string): unknown | 'missing' =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : 'missing';

/**
 * The remotes as the shell may load them: every one checked against the shell's `host-capabilities.json`
 * (contracts/src/remote-compat.ts) and listed with the French reason when it is refused. A refused remote is
 * never registered by the shell, so its entry is never fetched. Without a built shell (dev servers, API tests)
 * or when a remote's origin does not answer, the remote is listed unchecked: a down remote has its own fallback.
 */
export function createRemoteAdmission(options: {
  remotesJson: string | undefined;
  staticDir: string;
  readContract?: ReadContract;
}) {
  const manifest = loadRemotesManifest(options.remotesJson);
  const readContract = options.readContract ?? fetchContract;
  const hostFile = join(options.staticDir, 'shell', 'dist', 'host-capabilities.json');
  let served: ServedRemotes = Object.fromEntries(Object.entries(manifest).map(([name, entry]) => [name, { entry }]));
  let checkedAt = 0;
  let revision = 0;
  let running: Promise<void> | undefined;

  // A remote this server serves: read from its build; not built at all, it is simply down.
  const readLocalContract = (name: string) => {
    const dist = join(options.staticDir, name.replace(/^mf_/, 'mf-'), 'dist');
    return existsSync(join(dist, 'remoteEntry.js')) ? readJson(join(dist, 'mf-compat.json')) : 'unreachable';
  };

  async function verdict(name: string, entry: string, host: HostCapabilities): Promise<string | undefined> {
    const raw = entry.startsWith('/mf/') ? readLocalContract(name) : await readContract(entry);
    if (raw === 'unreachable') return undefined;
    if (raw === 'missing') return `${name} a été construit sans contrat de compatibilité (mf-compat.json).`;
    const contract = remoteCompatSchema.safeParse(raw);
    if (!contract.success) return `${name} : contrat de compatibilité illisible (mf-compat.json).`;
    const result = checkRemoteCompat(contract.data, host);
    return result.compatible ? undefined : result.reason;
  }

  async function check(): Promise<void> {
    checkedAt = Date.now();
    const rawHost = readJson(hostFile);
    const host = rawHost === 'missing' ? undefined : hostCapabilitiesSchema.parse(rawHost);
    // All at once: a slow origin costs one timeout at start-up, not one per remote.
    const verdicts = await Promise.all(
      Object.entries(manifest).map(async ([name, entry]) => {
        const refused = host ? await verdict(name, entry, host) : undefined;
        return [name, refused ? { entry, refused } : { entry }] as const;
      }),
    );
    const next: ServedRemotes = Object.fromEntries(verdicts);
    if (JSON.stringify(next) !== JSON.stringify(served)) revision += 1;
    served = next;
  }

  const refresh = () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    /** Reads every contract once; call before serving. */
    ready: refresh,
    /** The last verdicts, re-read in the background when older than a minute (a remote redeployed alone). */
    served(): ServedRemotes {
      // In the background of a request: a failure keeps the last verdicts and is tried again a minute later
      // (at start-up, `ready` lets it fail the boot instead).
      if (Date.now() - checkedAt > RECHECK_MS) refresh().catch(() => undefined);
      return served;
    },
    /** Changes whenever a verdict does: pages cached with the inline manifest are drawn again. */
    revision: () => revision,
    manifest,
  };
}

export type RemoteAdmission = ReturnType<typeof createRemoteAdmission>;
