import { messageTemplateSchema, type TemplateKind } from 'contracts';
import { pagedFetcher } from 'shared-ui';

/** GET /api/message_template/{mail|sms}/list with the shared paging query. */
export const templateFetchers = {
  mail: pagedFetcher('api/message_template/mail/list', messageTemplateSchema),
  sms: pagedFetcher('api/message_template/sms/list', messageTemplateSchema),
} satisfies Record<TemplateKind, unknown>;
