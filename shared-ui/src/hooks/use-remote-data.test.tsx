import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventBus } from '../runtime/event-bus';
import { useRemoteData } from './use-remote-data';

describe('useRemoteData', () => {
  it('reads again, without a reload of the page, what failed while the server was unreachable', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('no answer')).mockResolvedValue('lu');
    const { result } = renderHook(() => useRemoteData(load));
    await waitFor(() => expect(result.current.error).toBeDefined());
    act(() => eventBus.emit('connection:restored', {}));
    await waitFor(() => expect(result.current.data).toBe('lu'));
    expect(result.current.error).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves a read that worked alone when the connection comes back', async () => {
    const load = vi.fn<() => Promise<string>>().mockResolvedValue('lu');
    const { result } = renderHook(() => useRemoteData(load));
    await waitFor(() => expect(result.current.data).toBe('lu'));
    act(() => eventBus.emit('connection:restored', {}));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
