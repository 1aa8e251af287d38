import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUnreachableStatus, LIVENESS_URL, RECHECK_MS, reportConnectionTrouble, useConnection } from './connection';
import { eventBus } from './event-bus';

const answer = (ok: boolean) => Promise.resolve(new Response(null, { status: ok ? 200 : 503 }));

describe('the connection to the server', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    useConnection.setState({ reachable: true, lostAt: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('a call failed but the server answers its liveness route: nothing to say', async () => {
    fetchMock.mockImplementation(() => answer(true));
    await reportConnectionTrouble();
    expect(fetchMock).toHaveBeenCalledWith(LIVENESS_URL, expect.objectContaining({ cache: 'no-store' }));
    expect(useConnection.getState().reachable).toBe(true);
  });

  it('lost while nothing answers, asked again every few seconds, then restored with one event', async () => {
    const restored = vi.fn();
    const stop = eventBus.on('connection:restored', restored);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    // Three calls failing together share one check.
    await Promise.all([reportConnectionTrouble(), reportConnectionTrouble(), reportConnectionTrouble()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useConnection.getState()).toMatchObject({ reachable: false, lostAt: expect.any(String) });

    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useConnection.getState().reachable).toBe(false);
    expect(restored).not.toHaveBeenCalled();

    fetchMock.mockImplementation(() => answer(true));
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(useConnection.getState()).toEqual({ reachable: true, lostAt: null });
    expect(restored).toHaveBeenCalledTimes(1);
    // Back: no more checks.
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
  });

  it('a proxy’s 502/504 or no answer is an outage; a 503 (the server shedding load) or a refusal is not', () => {
    expect([0, 502, 504].map(isUnreachableStatus)).toEqual([true, true, true]);
    expect([400, 401, 403, 404, 409, 500, 503].some(isUnreachableStatus)).toBe(false);
  });
});
