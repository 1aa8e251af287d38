import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (filters and search wait for the user to stop typing). */
export function useDebouncedValue<V>(value: V, delay: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
