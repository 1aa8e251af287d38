import { type MfaPolicyBody, mfaPolicySchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/company/{companyId}/mfa-policy: the roles of that garage that must sign in with a second factor. */
export const getMfaPolicy = (companyId: number) => request(`api/company/${companyId}/mfa-policy`, mfaPolicySchema);

export const saveMfaPolicy = (companyId: number, body: MfaPolicyBody) =>
  request(`api/company/${companyId}/mfa-policy`, mfaPolicySchema, { method: 'put', json: body });
