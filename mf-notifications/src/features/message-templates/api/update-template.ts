import { type MessageTemplate, type MessageTemplateBody, messageTemplateSchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/message_template/{id}/edit */
export const updateTemplate = (id: number, json: MessageTemplateBody): Promise<MessageTemplate> =>
  request(`api/message_template/${id}/edit`, messageTemplateSchema, { method: 'post', json });
