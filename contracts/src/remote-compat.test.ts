import { describe, expect, it } from 'vitest';
import { checkRemoteCompat, type HostCapabilities, type RemoteCompat, satisfiesRange } from './remote-compat';

describe('satisfiesRange', () => {
  it('reads a caret range as "same major, not lower"', () => {
    expect(satisfiesRange('18.3.1', '^18.0.0')).toBe(true);
    expect(satisfiesRange('18.3.1', '^18.3.1')).toBe(true);
    expect(satisfiesRange('18.4.0', '^18.3.1')).toBe(true);
    expect(satisfiesRange('18.3.0', '^18.3.1')).toBe(false);
    expect(satisfiesRange('18.2.9', '^18.3.0')).toBe(false);
    expect(satisfiesRange('19.0.0', '^18.0.0')).toBe(false);
    expect(satisfiesRange('0.3.1', '^0.2.0')).toBe(false);
    expect(satisfiesRange('1.0.0', '1.0.0')).toBe(true);
    expect(satisfiesRange('1.0.1', '1.0.0')).toBe(false);
  });
});

describe('checkRemoteCompat', () => {
  const host: HostCapabilities = {
    schema: 1,
    provides: { react: '18.3.1', 'react-router-dom': '7.18.5', 'shared-ui/runtime/session-store': '1.0.0' },
    names: { 'react-router-dom': ['Link', 'useNavigate'] },
  };
  const remote = (change: Partial<RemoteCompat>): RemoteCompat => ({
    schema: 1,
    name: 'mf_billing',
    needs: { react: '^18.0.0', 'shared-ui/runtime/session-store': '^1.0.0' },
    names: { 'react-router-dom': ['Link'] },
    ...change,
  });

  it('admits a remote whose needs the shell meets', () => {
    expect(checkRemoteCompat(remote({}), host)).toEqual({ compatible: true });
  });

  it('refuses, naming it, a module the shell lacks', () => {
    expect(checkRemoteCompat(remote({ needs: { dayjs: '^1.0.0' } }), host)).toEqual({
      compatible: false,
      reason: "mf_billing demande dayjs, que l'application ne fournit pas.",
    });
  });

  it('refuses a version the shell does not meet', () => {
    expect(checkRemoteCompat(remote({ needs: { 'shared-ui/runtime/session-store': '^2.0.0' } }), host)).toEqual({
      compatible: false,
      reason: "mf_billing demande shared-ui/runtime/session-store ^2.0.0, l'application fournit la version 1.0.0.",
    });
  });

  it('refuses a router name the shell does not provide', () => {
    expect(checkRemoteCompat(remote({ names: { 'react-router-dom': ['Link', 'useBlocker'] } }), host)).toEqual({
      compatible: false,
      reason: "mf_billing utilise useBlocker de react-router-dom, que l'application ne fournit pas.",
    });
  });
});
