import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostCapabilities, RemoteCompat } from 'contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createRemoteAdmission } from '../src/lib/remotes';

const staticDir = mkdtempSync(join(tmpdir(), 'remote-admission-'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const write = (file: string, content: unknown) => {
  mkdirSync(join(staticDir, file, '..'), { recursive: true });
  writeFileSync(join(staticDir, file), JSON.stringify(content));
};
const host: HostCapabilities = {
  schema: 1,
  provides: { react: '18.3.1', 'react-router-dom': '7.18.5' },
  names: { 'react-router-dom': ['Link', 'useNavigate'] },
};
const contract = (name: string, change: Partial<RemoteCompat> = {}): RemoteCompat => ({
  schema: 1,
  name,
  needs: { react: '^18.0.0' },
  names: { 'react-router-dom': ['Link'] },
  ...change,
});

describe('remote admission', () => {
  it('lists every remote unchecked when no shell is built (dev servers, API tests)', async () => {
    const admission = createRemoteAdmission({ remotesJson: undefined, staticDir });
    await admission.ready();
    expect(admission.served().mf_billing).toEqual({ entry: '/mf/billing/remoteEntry.js' });
  });

  it("checks each remote against the shell's capabilities and gives the French reason of a refusal", async () => {
    write('shell/dist/host-capabilities.json', host);
    for (const remote of ['billing', 'docs', 'catalog', 'folders']) write(`mf-${remote}/dist/remoteEntry.js`, 'var x;');
    write('mf-billing/dist/mf-compat.json', contract('mf_billing'));
    write('mf-docs/dist/mf-compat.json', contract('mf_docs', { names: { 'react-router-dom': ['useBlocker'] } }));
    write('mf-catalog/dist/mf-compat.json', contract('mf_catalog', { needs: { react: '^19.0.0' } }));
    write('remotes.json', {
      mf_franchise: 'https://franchise.example.fr/remoteEntry.js',
      mf_notifications: 'https://notifications.example.fr/remoteEntry.js',
    });
    const contracts: Record<string, unknown> = {
      'https://franchise.example.fr/remoteEntry.js': 'unreachable',
      'https://notifications.example.fr/remoteEntry.js': contract('mf_notifications', { needs: { dayjs: '^1.0.0' } }),
    };
    const admission = createRemoteAdmission({
      remotesJson: join(staticDir, 'remotes.json'),
      staticDir,
      readContract: async (entry) => contracts[entry],
    });
    const before = admission.revision();
    await admission.ready();
    const served = admission.served();
    expect(served.mf_billing).toEqual({ entry: '/mf/billing/remoteEntry.js' });
    expect(served.mf_docs?.refused).toBe(
      "mf_docs utilise useBlocker de react-router-dom, que l'application ne fournit pas.",
    );
    expect(served.mf_catalog?.refused).toBe(
      "mf_catalog demande react ^19.0.0, l'application fournit la version 18.3.1.",
    );
    // Built before the contract existed: refused with a reason rather than loaded blind.
    expect(served.mf_folders?.refused).toBe(
      'mf_folders a été construit sans contrat de compatibilité (mf-compat.json).',
    );
    // Its origin does not answer: left to the shell's "momentanément indisponible" fallback.
    expect(served.mf_franchise).toEqual({ entry: 'https://franchise.example.fr/remoteEntry.js' });
    expect(served.mf_notifications?.refused).toBe("mf_notifications demande dayjs, que l'application ne fournit pas.");
    expect(admission.revision()).toBeGreaterThan(before);
  });
});
