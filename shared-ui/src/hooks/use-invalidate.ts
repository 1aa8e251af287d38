import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiKey } from '../query/api-key';

/**
 * After a change: the reads of what it changed, by their paths' prefix (`'api/folder/12'` covers the folder's page,
 * its documents and its messages, whichever app shows them). Those on screen are read again at once, the others
 * when next shown. Resolves once the reads on screen answered.
 */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    async (...paths: string[]) => {
      await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: apiKey(path) })));
    },
    [client],
  );
}

/** After a change whose answer is the new state of a read: the cache takes it, nothing is read again. */
export function useStoreAnswer() {
  const client = useQueryClient();
  return useCallback(<T>(path: string, answer: T) => client.setQueryData(apiKey(path), answer), [client]);
}
