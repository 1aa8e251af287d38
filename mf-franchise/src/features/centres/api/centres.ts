import { type CentreBody, centreCreatedSchema, centreRowSchema } from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/company/{franchiseId}/center-list (shared paging). */
export const centreFetcher = (franchiseId: number) =>
  pagedFetcher(`api/company/${franchiseId}/center-list`, centreRowSchema);

/** POST /api/franchise/{franchiseId}/center: the centre and its admin fitter (payload of docs/product.md). */
export const createCentre = (franchiseId: number, body: CentreBody) =>
  request(`api/franchise/${franchiseId}/center`, centreCreatedSchema, { method: 'post', json: body });
