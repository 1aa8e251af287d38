// @ts-check
// The check of remote-compat.ts, in plain JavaScript: rspack-config runs it in a remote's build (Node, no
// TypeScript), the server when it lists the remotes, the same code in both places.

/** @param {string} version */
const parts = (version) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);

/**
 * `version` satisfies `range`, for the only ranges the builds write: `^x.y.z` (same major, not lower; for
 * 0.x the same minor) and an exact version.
 * @param {string} version
 * @param {string} range
 */
export function satisfiesRange(version, range) {
  if (!range.startsWith('^')) return version === range;
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = parts(range.slice(1));
  if (major !== wantMajor || (wantMajor === 0 && minor !== wantMinor)) return false;
  if (minor !== wantMinor) return minor > wantMinor;
  return patch >= wantPatch;
}

/**
 * Whether the shell can run this remote; if not, the reason in French, naming what is missing.
 * @param {import('./remote-compat').RemoteCompat} remote
 * @param {import('./remote-compat').HostCapabilities} host
 * @returns {{ compatible: true } | { compatible: false, reason: string }}
 */
export function checkRemoteCompat(remote, host) {
  for (const [key, range] of Object.entries(remote.needs)) {
    const provided = host.provides[key];
    if (provided === undefined) {
      return { compatible: false, reason: `${remote.name} demande ${key}, que l'application ne fournit pas.` };
    }
    if (!satisfiesRange(provided, range)) {
      return {
        compatible: false,
        reason: `${remote.name} demande ${key} ${range}, l'application fournit la version ${provided}.`,
      };
    }
  }
  for (const [module, names] of Object.entries(remote.names)) {
    const provided = new Set(host.names[module] ?? []);
    const missing = names.filter((name) => !provided.has(name));
    if (missing.length > 0) {
      return {
        compatible: false,
        reason: `${remote.name} utilise ${missing.join(', ')} de ${module}, que l'application ne fournit pas.`,
      };
    }
  }
  return { compatible: true };
}
