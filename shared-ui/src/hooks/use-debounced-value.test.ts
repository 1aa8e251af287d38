import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

afterEach(() => vi.useRealTimers());

it('publishes the value only after it stayed unchanged for the delay', () => {
  vi.useFakeTimers();
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500), {
    initialProps: { value: '' },
  });
  rerender({ value: 'MA' });
  act(() => vi.advanceTimersByTime(400));
  rerender({ value: 'MAAF' });
  act(() => vi.advanceTimersByTime(499));
  expect(result.current).toBe('');
  act(() => vi.advanceTimersByTime(1));
  expect(result.current).toBe('MAAF');
});
