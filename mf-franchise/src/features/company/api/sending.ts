import {
  type MailServerBody,
  type SendingChannel,
  type SendingLevel,
  type SendingTestBody,
  type SmsProviderBody,
  sendingSettingsSchema,
  sendingTestResultSchema,
} from 'contracts';
import { request } from 'shared-ui';

export const sendingPath = (companyId: number) => `api/company/${companyId}/sending`;

/** GET /api/company/{id}/sending: both levels of both channels, and which one the garage's messages use. */
export const getSendingSettings = (companyId: number) => request(sendingPath(companyId), sendingSettingsSchema);

/** PUT /api/company/{id}/sending/mail. */
export const saveMailServer = (companyId: number, body: MailServerBody) =>
  request(`${sendingPath(companyId)}/mail`, sendingSettingsSchema, { method: 'put', json: body });

/** PUT /api/company/{id}/sending/sms. */
export const saveSmsProvider = (companyId: number, body: SmsProviderBody) =>
  request(`${sendingPath(companyId)}/sms`, sendingSettingsSchema, { method: 'put', json: body });

/** DELETE /api/company/{id}/sending/{channel}?level=…: the next level applies again. */
export const removeSending = (companyId: number, channel: SendingChannel, level: SendingLevel) =>
  request(`${sendingPath(companyId)}/${channel}?level=${level}`, sendingSettingsSchema, { method: 'delete' });

/** POST /api/company/{id}/sending/{channel}/test: what the server answered. */
export const sendTest = (companyId: number, channel: SendingChannel, body: SendingTestBody) =>
  request(`${sendingPath(companyId)}/${channel}/test`, sendingTestResultSchema, { method: 'post', json: body });
