import { useApiQuery, useInvalidate } from 'shared-ui';
import { readNetwork } from '../api/network';

/**
 * The network of franchise `franchiseId` (not a valid id: nothing is read) over `range`. Another period keeps the
 * figures of the previous one on screen until its own arrive. `published`: the franchisor changed what it publishes
 * to its centres, read again whatever the period shown.
 */
export function useNetwork(franchiseId: number, range: { from: string; to: string }) {
  const path = `api/franchise/${franchiseId}/network`;
  const valid = Number.isInteger(franchiseId) && franchiseId > 0;
  const query = useApiQuery(
    valid ? `${path}?${new URLSearchParams(range)}` : null,
    () => readNetwork(franchiseId, range),
    { placeholderData: (previous) => previous },
  );
  const invalidate = useInvalidate();
  return { ...query, published: () => void invalidate(path) };
}
