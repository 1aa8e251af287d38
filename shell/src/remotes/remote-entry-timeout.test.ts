import { describe, expect, it } from 'vitest';
import { REMOTE_ENTRY_TIMEOUT_MS, remoteEntryTimeout } from './remote-entry-timeout';

type Hook = (args: {
  url: string;
  attrs?: Record<string, unknown>;
  remoteInfo?: { name: string };
}) => { script: HTMLScriptElement; timeout: number } | undefined;

const hook = remoteEntryTimeout().createScript as unknown as Hook;

describe('the remote entry timeout', () => {
  it('gives a remote entry its script with the short timeout and the runtime attributes', () => {
    const made = hook({
      url: 'https://remotes.example/mf_billing/remoteEntry.js',
      attrs: { crossorigin: 'anonymous', async: true },
      remoteInfo: { name: 'mf_billing' },
    });
    expect(made?.timeout).toBe(REMOTE_ENTRY_TIMEOUT_MS);
    expect(made?.script.src).toBe('https://remotes.example/mf_billing/remoteEntry.js');
    expect(made?.script.getAttribute('crossorigin')).toBe('anonymous');
    expect(made?.script.async).toBe(true);
  });

  it('leaves any other script to the runtime', () => {
    expect(hook({ url: '/static/js/chunk.js' })).toBeUndefined();
  });
});
