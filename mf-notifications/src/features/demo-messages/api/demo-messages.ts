import { demoMessagesResponseSchema } from 'contracts';
import { request } from 'shared-ui';

export const DEMO_MESSAGES_PATH = 'api/demo/messages';

/** GET /api/demo/messages: what the demo's sink received from the user's garages, newest first (404: not a demo). */
export const getDemoMessages = () => request(DEMO_MESSAGES_PATH, demoMessagesResponseSchema);

/** Where a browser downloads one attachment (the session cookie goes with it). */
export const demoAttachmentUrl = (id: string, index: number) =>
  `/api/demo/messages/${encodeURIComponent(id)}/attachments/${index}`;
