import { CHANGED_STREAM_EVENT, READY_STREAM_EVENT } from 'contracts';
import { eventBus, useSession } from 'shared-ui';
import { lyonClaims, unsignedToken } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeToNotifications } from './notification-stream';

/** Just enough of EventSource to play the server's events (a test double: the real stream is in e2e). */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly named = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.named.set(type, [...(this.named.get(type) ?? []), listener]);
  }
  emit(type: string, data = '{}') {
    for (const listener of this.named.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('the notification stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks every subscriber to read again once the server has registered the stream', () => {
    const listener = vi.fn();
    const off = subscribeToNotifications(listener);
    expect(FakeEventSource.opened).toHaveLength(1);
    // A notification written between the page's first read and the registration reached no stream: `ready` says
    // "read again now", with no row.
    FakeEventSource.opened[0]?.emit(READY_STREAM_EVENT);
    expect(listener).toHaveBeenCalledWith(null);
    off();
  });

  it('passes on the server’s changed paths, and ignores what is not such an event', () => {
    const changed = vi.fn();
    const stop = eventBus.on('server:changed', changed);
    const off = subscribeToNotifications(() => undefined);
    const stream = FakeEventSource.opened[0];
    stream?.emit(CHANGED_STREAM_EVENT, JSON.stringify({ companyId: 3, paths: ['/api/expense'] }));
    stream?.emit(CHANGED_STREAM_EVENT, 'pas du JSON');
    stream?.emit(CHANGED_STREAM_EVENT, JSON.stringify({ companyId: 3, paths: ['/ailleurs'] }));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith({ paths: ['/api/expense'] });
    off();
    stop();
  });

  it('opens one stream for all subscribers and closes it with the last', () => {
    const first = subscribeToNotifications(() => undefined);
    const second = subscribeToNotifications(() => undefined);
    expect(FakeEventSource.opened).toHaveLength(1);
    first();
    expect(FakeEventSource.opened[0]?.readyState).toBe(1);
    second();
    expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('renews a session whose access window closed before opening the stream, which could not renew it', async () => {
    useSession.setState({ expiresAt: Date.now() - 1_000 });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        calls.push(new URL(input.url).pathname);
        return new Response(JSON.stringify({ token: unsignedToken({ ...lyonClaims(), iat: 1_000, exp: 1_900 }) }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const off = subscribeToNotifications(() => undefined);
    expect(FakeEventSource.opened).toHaveLength(0);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(calls).toEqual(['/api/token/refresh']);
    expect(useSession.getState().expiresAt).toBeGreaterThan(Date.now() + 800_000);
    off();
  });
});
