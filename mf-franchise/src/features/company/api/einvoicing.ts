import {
  type PlatformSettingsBody,
  platformSettingsViewSchema,
  platformTestResultSchema,
  type SendingLevel,
} from 'contracts';
import { request } from 'shared-ui';

export const einvoicingPath = (companyId: number) => `api/company/${companyId}/einvoicing`;

/** GET /api/company/{id}/einvoicing: both levels, the one in use, the garage's electronic address and webhook. */
export const getPlatformSettings = (companyId: number) =>
  request(einvoicingPath(companyId), platformSettingsViewSchema);

/** PUT /api/company/{id}/einvoicing: a secret left out keeps the one stored. */
export const savePlatform = (companyId: number, body: PlatformSettingsBody) =>
  request(einvoicingPath(companyId), platformSettingsViewSchema, { method: 'put', json: body });

/** DELETE /api/company/{id}/einvoicing?level=…: the next level applies again, or none. */
export const removePlatform = (companyId: number, level: SendingLevel) =>
  request(`${einvoicingPath(companyId)}?level=${level}`, platformSettingsViewSchema, { method: 'delete' });

/** POST /api/company/{id}/einvoicing/test: each step with what the platform answered. */
export const testPlatform = (companyId: number) =>
  request(`${einvoicingPath(companyId)}/test`, platformTestResultSchema, { method: 'post' });
