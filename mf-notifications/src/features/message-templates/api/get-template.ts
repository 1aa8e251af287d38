import { type MessageTemplate, messageTemplateSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/message_template/{id}/edit */
export const getTemplate = (id: number): Promise<MessageTemplate> =>
  request(`api/message_template/${id}/edit`, messageTemplateSchema);
