import type { HostCapabilities, RemoteCompat } from './remote-compat';

export function satisfiesRange(version: string, range: string): boolean;
export function checkRemoteCompat(
  remote: RemoteCompat,
  host: HostCapabilities,
): { compatible: true } | { compatible: false; reason: string };
