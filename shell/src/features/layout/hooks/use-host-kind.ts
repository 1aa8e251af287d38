import { appConfigResponseSchema, type HostKind, hostKind } from 'contracts';
import { useEffect, useState } from 'react';
import { request } from 'shared-ui/runtime';

let partnerHosts: Promise<string[]> | null = null;

/** Partner host names come from the server's configuration, not from the bundle: adding one needs no rebuild. */
function loadPartnerHosts(): Promise<string[]> {
  partnerHosts ??= request('api/config', appConfigResponseSchema)
    .then((config) => config.partnerHosts)
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
