import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OVERLOADED_MESSAGE,
  RETRY_AFTER_SECONDS,
  SAMPLE_MS,
  SUSTAINED_SAMPLES,
} from '../../src/plugins/external/load-shedding';
import { createTestApp, loginResponse, sessionCookie } from '../helpers';

/*
 * Load shedding: a saturated event loop turns /api calls into fast 503s with Retry-After, keeps
 * liveness answering, and lets calls through again once the loop is free. The saturation is real: the test blocks
 * the event loop, as a burst of PDF drawing or PGlite queries would. (The full picture, at twice the saturation rate
 * of a mixed workload, is `pnpm bench:load`.)
 */

let app: FastifyInstance;
let cookie = '';

beforeAll(async () => {
  app = await createTestApp({ config: { shedding: { maxEventLoopDelayMs: 40, maxPoolWaiting: 40 } } });
  const started = Date.now();
  while (!cookie && Date.now() - started < 10_000) {
    const response = await loginResponse(app, 'poseur@demo.garage.fr');
    if (response.statusCode === 200) cookie = sessionCookie(response);
    else await sleep(100);
  }
});
afterAll(() => app.close());

const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // The event loop is held, as by synchronous work.
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks the loop in slices, letting the sampler (every 250 ms) see a long mean delay sample after sample. */
async function saturate(ms: number) {
  for (let spent = 0; spent < ms; spent += 150) {
    busyFor(150);
    await sleep(1);
  }
}

const foldersCall = () => app.inject({ method: 'GET', url: '/api/folder/default-values', headers: { cookie } });

/** Milliseconds until a call is served (200), asking every 50 ms; `limit` if it never is. */
async function servedWithin(limit: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limit) {
    if ((await foldersCall()).statusCode === 200) return Date.now() - started;
    await sleep(50);
  }
  return limit;
}

describe('load shedding', () => {
  it('answers 503 in French with Retry-After while the loop lags, liveness still answers, then calls pass again', async () => {
    // The login's scrypt may have lagged the loop: calm first.
    expect(await servedWithin(10_000)).toBeLessThan(10_000);

    // One long task is not saturation: the calls right after it are served.
    busyFor(1200);
    await sleep(1);
    expect((await foldersCall()).statusCode).toBe(200);

    // Sustained saturation: the loop stays blocked (in slices) while calls keep coming; one is shed once enough
    // samples in a row were over the limit. Asked after every slice rather than once at a fixed time: on a busy
    // machine the samples do not fall at the same instants.
    await saturate(SUSTAINED_SAMPLES * SAMPLE_MS);
    let shed = await foldersCall();
    for (let slice = 0; shed.statusCode !== 503 && slice < 40; slice += 1) {
      await saturate(150);
      shed = await foldersCall();
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(shed.json()).toMatchObject({ message: OVERLOADED_MESSAGE });
    expect(shed.json().requestId).toEqual(expect.any(String));
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    // Back to normal within a sample or two of an idle loop (250 ms each); the bound leaves room for a busy machine.
    const recoveredMs = await servedWithin(5000);
    console.log(`load shedding: calls served again ${recoveredMs} ms after the loop was freed`);
    expect(recoveredMs).toBeLessThan(3000);
  });
});
