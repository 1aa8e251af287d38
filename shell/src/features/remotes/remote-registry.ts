import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, remotesManifestSchema } from 'contracts';

let registration: Promise<void> | null = null;

/**
 * Where each remote's entry lives (changing it redeploys a remote without rebuilding the shell). The
 * production server writes it into the page (`#remotes-manifest`), saving a round trip before the first
 * remote can load; otherwise (dev servers, a retry) it is `/remotes.json`.
 */
async function fetchManifest(useInline = true): Promise<Record<string, string>> {
  const inline = useInline ? document.getElementById('remotes-manifest')?.textContent : undefined;
  if (inline) return remotesManifestSchema.parse(JSON.parse(inline));
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
  return remotesManifestSchema.parse(await response.json());
}

/** Registers every remote once, lazily: nothing is downloaded until a module is asked for. */
function ensureRegistered(force = false): Promise<void> {
  if (!registration || force) {
    registration = fetchManifest(!force)
      .then((manifest) => {
        const remotes = REMOTES.filter((name) => manifest[name]).map((name) => ({
          name,
          entry: manifest[name] as string,
        }));
        registerRemotes(remotes, { force });
      })
      .catch((error: unknown) => {
        registration = null;
        throw error;
      });
  }
  return registration;
}

/**
 * Loads `remote/module`. `retry` forgets a previous failure (the runtime caches
 * a failed remote entry), so the fallback's "Réessayer" really tries again.
 */
export async function loadRemoteModule<T>(remote: RemoteName, module: string, retry = false): Promise<T> {
  await ensureRegistered(retry);
  const loaded = await loadRemote<T>(`${remote}/${module}`);
  if (!loaded) throw new Error(`${remote}/${module} introuvable`);
  return loaded;
}
