import { appConfigResponseSchema, type HostKind, hostKind } from 'contracts';
import { useEffect, useState } from 'react';

let partnerHosts: Promise<string[]> | null = null;

/** Partner host names come from the server's configuration, not from the bundle: adding one needs no rebuild. */
function loadPartnerHosts(): Promise<string[]> {
  partnerHosts ??= fetch('/api/config')
    .then((response) => response.json())
    .then((body) => appConfigResponseSchema.parse(body).partnerHosts)
    .catch(() => []);
  return partnerHosts;
}

export function useHostKind(): HostKind {
  const [kind, setKind] = useState<HostKind>('default');
  useEffect(() => {
    loadPartnerHosts().then((hosts) => setKind(hostKind(window.location.hostname, hosts)));
  }, []);
  return kind;
}
