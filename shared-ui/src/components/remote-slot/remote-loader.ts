import type { RemoteName } from 'contracts';

/** How a module of another remote is fetched: the shell's registry (remotes.json), set when its frame loads. */
export type RemoteModuleLoader = <T>(remote: RemoteName, module: string, retry: boolean) => Promise<T>;

let loader: RemoteModuleLoader | undefined;

/**
 * The shell hands its loader over once; remotes then embed each other's slots (the folder page shows billing's
 * documents) without importing each other or knowing where they are deployed.
 */
export function setRemoteModuleLoader(next: RemoteModuleLoader): void {
  loader = next;
}

/** Loads `remote/module`; without the shell (a remote's stand-alone page), it fails and the slot's fallback shows. */
export function loadRemoteModule<T>(remote: RemoteName, module: string, retry = false): Promise<T> {
  if (!loader) return Promise.reject(new Error(`${remote}/${module} : aucun shell pour charger ce module`));
  return loader<T>(remote, module, retry);
}
