import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remote's entry (a few kilobytes) that has not loaded after this long is treated as down: its fallback, with
 * « Réessayer », shows instead of a spinner that the browser would keep for its own 20 s (a remote down
 * shows its fallback within 3 s, the rest of the application working).
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 3000;

/** The runtime's script for a remote entry, with the shorter timeout; other scripts are left to the runtime. */
export const remoteEntryTimeout = (): ModuleFederationRuntimePlugin => ({
  name: 'remote-entry-timeout',
  createScript({ url, attrs, remoteInfo }) {
    if (!remoteInfo) return undefined;
    const script = document.createElement('script');
    script.src = url;
    if (attrs?.type === 'module') script.type = 'module';
    // A script returned here gets none of the runtime's attributes: they are set as it would.
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') script[name] = Boolean(value);
      else if (name !== 'type') script.setAttribute(name, String(value));
    }
    return { script, timeout: REMOTE_ENTRY_TIMEOUT_MS };
  },
});
