import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type ServedRemotes, servedRemotesSchema } from 'contracts';
import { remoteEntryTimeout } from './remote-entry-timeout';

let registration: Promise<ServedRemotes> | null = null;
let pluginsRegistered = false;

/** A remote the server refused to list for this shell (contracts/src/remote-compat.ts): never loaded. */
export class RemoteRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RemoteRefusedError';
  }
}

/**
 * Where each remote's entry lives (changing it redeploys a remote without rebuilding the shell). The
 * production server writes it into the page (`#remotes-manifest`), saving a round trip before the first
 * remote can load; otherwise (dev servers, a retry) it is `/remotes.json`.
 */
async function fetchManifest(useInline = true): Promise<ServedRemotes> {
  const inline = useInline ? document.getElementById('remotes-manifest')?.textContent : undefined;
  if (inline) return servedRemotesSchema.parse(JSON.parse(inline));
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  return servedRemotesSchema.parse(await response.json());
}

/** The entry each remote was registered with: a retry registers again only a remote whose entry moved. */
const registered = new Map<RemoteName, string>();

/**
 * Registers every admitted remote once, lazily: nothing is downloaded until a module is asked for. A refused
 * remote is not registered, so its entry is never fetched. `refresh` (a « Réessayer ») reads `/remotes.json` again
 * and replaces only a remote deployed elsewhere meanwhile: the runtime already forgets a failed entry or chunk, and
 * replacing an unchanged remote would only warn and start its container a second time.
 */
function ensureRegistered(refresh = false): Promise<ServedRemotes> {
  if (!registration || refresh) {
    registration = fetchManifest(!refresh)
      .then((manifest) => {
        const remotes = REMOTES.flatMap((name) => {
          const served = manifest[name];
          return served && !served.refused ? [{ name, entry: served.entry }] : [];
        });
        if (!pluginsRegistered) registerPlugins([remoteEntryTimeout()]);
        pluginsRegistered = true;
        const fresh = remotes.filter((remote) => !registered.has(remote.name));
        const moved = remotes.filter(
          (remote) => registered.has(remote.name) && registered.get(remote.name) !== remote.entry,
        );
        // Noted before registering: the runtime rewrites a relative entry into a full URL in the object it is given.
        for (const remote of remotes) registered.set(remote.name, remote.entry);
        if (fresh.length > 0) registerRemotes(fresh);
        if (moved.length > 0) registerRemotes(moved, { force: true });
        return manifest;
      })
      .catch((error: unknown) => {
        registration = null;
        throw error;
      });
  }
  return registration;
}

/** Loads `remote/module`. `retry` (the fallback's « Réessayer ») first reads where the remotes are deployed now. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, retry = false): Promise<T> {
  const refused = (await ensureRegistered(retry))[remote]?.refused;
  if (refused) throw new RemoteRefusedError(refused);
  const loaded = await loadRemote<T>(`${remote}/${module}`);
  if (!loaded) throw new Error(`${remote}/${module} introuvable`);
  return loaded;
}
