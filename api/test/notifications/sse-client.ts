import { READY_STREAM_EVENT } from 'contracts';

/** A minimal server-sent events reader over fetch, for tests and the benchmark. */
export interface SseEvent {
  id?: string;
  /** The `event:` field; absent for the default `message`. */
  event?: string;
  data: string;
}

export interface SseStream {
  /** Resolves with the next event (comments skipped), or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once the server sent its `ready` event (live from then on); that event is not given to `next`. */
  connected: Promise<void>;
  /** The id the server sent without data (where a first stream starts), as a browser's Last-Event-ID keeps it. */
  startId(): string | undefined;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  const waiters: ((event: SseEvent) => void)[] = [];
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });

  let startId: string | undefined;
  const dispatch = (block: string) => {
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') event.id = value;
      if (field === 'event') event.event = value;
      if (field === 'data') data.push(value);
    }
    if (event.event === READY_STREAM_EVENT) {
      markConnected();
      return;
    }
    if (data.length === 0) {
      if (event.id !== undefined) startId = event.id;
      return;
    }
    event.data = data.join('\n');
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else events.push(event);
  };

  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let index = buffer.indexOf('\n\n');
        while (index >= 0) {
          dispatch(buffer.slice(0, index));
          buffer = buffer.slice(index + 2);
          index = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();

  return {
    connected,
    startId: () => startId,
    next(timeoutMs = 2000) {
      const ready = events.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event in time')), timeoutMs);
        waiters.push((event) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
    },
    close: () => controller.abort(),
  };
}
