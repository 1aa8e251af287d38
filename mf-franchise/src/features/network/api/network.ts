import { networkSchema, type UnitPacksBody, unitPacksSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/franchise/{franchiseId}/network over [from, to[. */
export const readNetwork = (franchiseId: number, range: { from: string; to: string }) =>
  request(`api/franchise/${franchiseId}/network`, networkSchema, { searchParams: range });

/** PUT /api/franchise/{franchiseId}/unit-packs: the packs the centres buy (null: the default packs). */
export const publishUnitPacks = (franchiseId: number, body: UnitPacksBody) =>
  request(`api/franchise/${franchiseId}/unit-packs`, unitPacksSchema, { method: 'put', json: body });
