import { type ConfigurationSaveResponse, configurationSaveResponseSchema, type NotificationConfig } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/notifications/configure: `{code: 200, detail}` when saved; a refusal rejects with `{code, error}`. */
export const saveConfiguration = (json: NotificationConfig): Promise<ConfigurationSaveResponse> =>
  request('api/notifications/configure', configurationSaveResponseSchema, { method: 'post', json });
