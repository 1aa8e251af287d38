/**
 * The load generator of `bench:load`: plain HTTP/1.1 keep-alive calls (node:http, one agent), each timed on its
 * own so every route gets its own percentiles. Closed loop (N callers, each sends again once answered: the
 * saturation throughput) or open loop (a fixed arrival rate whatever the answers: what overload looks like).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { READY_STREAM_EVENT } from 'contracts';
import { percentile } from './harness';

export interface Answer {
  status: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A status of 0: no answer (refused connection, reset, or the 10 s timeout). */
const NO_ANSWER = 0;
const TIMEOUT_MS = 10_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  json?: unknown;
}

export function send(base: string, call: Call): Promise<Answer> {
  const started = performance.now();
  const payload = call.json === undefined ? undefined : JSON.stringify(call.json);
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${call.path}`,
      {
        method: call.method,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          ...(call.cookie && { cookie: call.cookie }),
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? NO_ANSWER,
            ms: performance.now() - started,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    const fail = () => resolve({ status: NO_ANSWER, ms: performance.now() - started, headers: {}, body: '' });
    request.on('timeout', () => request.destroy());
    request.on('error', fail);
    if (payload) request.write(payload);
    request.end();
  });
}

/** What one route (or one kind of answer) got during a phase. */
export class Tally {
  readonly times: number[] = [];
  readonly statuses = new Map<number, number>();
  /** Times of the 503s (shed calls), and how many of them said when to come back. */
  readonly shedTimes: number[] = [];
  shedWithRetryAfter = 0;

  add(answer: Answer) {
    this.times.push(answer.ms);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 503) {
      this.shedTimes.push(answer.ms);
      if (answer.headers['retry-after']) this.shedWithRetryAfter += 1;
    }
  }

  /** Answers with a status in [from, to]. */
  between(from: number, to: number) {
    let count = 0;
    for (const [status, times] of this.statuses) if (status >= from && status <= to) count += times;
    return count;
  }

  get count() {
    return this.times.length;
  }

  /** Answers that are not 2xx (shed 503s included: the caller decides what they mean). */
  get failures() {
    return this.count - this.between(200, 299);
  }

  percentiles() {
    const sorted = [...this.times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  }

  statusText() {
    return [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === NO_ANSWER ? 'sans réponse' : status}×${count}`)
      .join(' ');
  }
}

/** A kind of call of the workload: how to make the next one, and how many callers send it (closed loop). */
export interface Route {
  name: string;
  callers: number;
  /** The next call(s): a route may chain two (create the invoice, then issue it), each timed under its own name. */
  run(base: string, record: (name: string, answer: Answer) => void): Promise<void>;
}

/** Tallies by name, and the `record` function that fills them. */
function talliesByName() {
  const tallies = new Map<string, Tally>();
  const record = (name: string, answer: Answer) => {
    let tally = tallies.get(name);
    if (!tally) {
      tally = new Tally();
      tallies.set(name, tally);
    }
    tally.add(answer);
  };
  return { tallies, record };
}

/** Every route's callers loop until `seconds` have passed; answers are tallied per name. */
export async function closedLoop(base: string, routes: Route[], seconds: number): Promise<Map<string, Tally>> {
  const { tallies, record } = talliesByName();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    routes.flatMap((route) =>
      Array.from({ length: route.callers }, async () => {
        while (performance.now() < end) await route.run(base, record);
      }),
    ),
  );
  return tallies;
}

/**
 * Sends `rate` calls a second for `seconds`, spread by the routes' weights (their callers), without waiting for the
 * answers; at most `maxInFlight` unanswered calls at once (past it the generator, not the server, would be measured).
 */
export async function openLoop(
  base: string,
  routes: Route[],
  rate: number,
  seconds: number,
  maxInFlight = 4000,
): Promise<{ tallies: Map<string, Tally>; sent: number; skipped: number }> {
  const { tallies, record } = talliesByName();
  const weights = routes.flatMap((route) => Array.from({ length: route.callers }, () => route));
  const TICK_MS = 10;
  const perTick = rate / (1000 / TICK_MS);
  let owed = 0;
  let inFlight = 0;
  let sent = 0;
  let skipped = 0;
  let next = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    owed += perTick;
    while (owed >= 1) {
      owed -= 1;
      if (inFlight >= maxInFlight) {
        skipped += 1;
        continue;
      }
      const route = weights[next % weights.length] as Route;
      next += 1;
      inFlight += 1;
      sent += 1;
      const call = route.run(base, record).finally(() => {
        inFlight -= 1;
        pending.delete(call);
      });
      pending.add(call);
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(pending);
  return { tallies, sent, skipped };
}

/** Open event streams (the bell of each signed-in tab): how many stayed open, how many events they got. */
export function openStreams(base: string, cookie: string, count: number) {
  let open = 0;
  let events = 0;
  let dropped = 0;
  const requests: http.ClientRequest[] = [];
  for (let index = 0; index < count; index += 1) {
    const request = http.get(
      `${base}/api/notifications/stream`,
      { agent: new http.Agent({ keepAlive: false }), headers: { accept: 'text/event-stream', cookie } },
      (response) => {
        if (response.statusCode !== 200) {
          dropped += 1;
          response.resume();
          return;
        }
        open += 1;
        response.on('data', (chunk: Buffer) => {
          events += chunk
            .toString('utf8')
            .split('\n\n')
            .filter((block) => block.includes('data:') && !block.startsWith(`event: ${READY_STREAM_EVENT}`)).length;
        });
        response.on('close', () => {
          open -= 1;
          dropped += 1;
        });
      },
    );
    request.on('error', () => {
      dropped += 1;
    });
    requests.push(request);
  }
  return {
    state: () => ({ open, events, dropped }),
    close: () => {
      for (const request of requests) request.destroy();
    },
  };
}
