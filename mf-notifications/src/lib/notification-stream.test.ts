import { READY_STREAM_EVENT } from 'contracts';
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
  private readonly named = new Map<string, (() => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.named.set(type, [...(this.named.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.named.get(type) ?? []) listener();
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

  it('opens one stream for all subscribers and closes it with the last', () => {
    const first = subscribeToNotifications(() => undefined);
    const second = subscribeToNotifications(() => undefined);
    expect(FakeEventSource.opened).toHaveLength(1);
    first();
    expect(FakeEventSource.opened[0]?.readyState).toBe(1);
    second();
    expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED);
  });
});
