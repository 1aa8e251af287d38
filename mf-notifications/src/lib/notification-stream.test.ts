import { CHANGED_STREAM_EVENT, READY_STREAM_EVENT } from 'contracts';
import { eventBus } from 'shared-ui';
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
});
