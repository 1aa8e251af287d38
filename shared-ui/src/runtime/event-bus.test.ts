import { describe, expect, it, vi } from 'vitest';
import { eventBus } from './event-bus';

describe('eventBus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const handler = vi.fn();
    const off = eventBus.on('units:changed', handler);
    eventBus.emit('units:changed', { jeton: 11 });
    expect(handler).toHaveBeenCalledWith({ jeton: 11 });
    off();
    eventBus.emit('units:changed', { jeton: 10 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps events apart', () => {
    const archived = vi.fn();
    const off = eventBus.on('notification:archived', archived);
    eventBus.emit('units:changed', { jeton: 3 });
    expect(archived).not.toHaveBeenCalled();
    off();
  });
});
