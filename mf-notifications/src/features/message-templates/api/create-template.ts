import { type MessageTemplate, type MessageTemplateBody, messageTemplateSchema, type TemplateKind } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/message_template/{mail|sms}/new in the selected garage. */
export const createTemplate = (kind: TemplateKind, json: MessageTemplateBody): Promise<MessageTemplate> =>
  request(`api/message_template/${kind}/new`, messageTemplateSchema, { method: 'post', json });
