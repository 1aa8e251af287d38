import { companyUsersResponseSchema, type GarageUser } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/company/{id}/users: the garage's users (keyed by id), as a list sorted by id. */
export async function getCompanyUsers(companyId: number): Promise<GarageUser[]> {
  const byId = await request(`api/company/${companyId}/users`, companyUsersResponseSchema);
  return Object.values(byId).sort((a, b) => a.id - b.id);
}
