import { z } from 'zod';

/*
 * « Messages envoyés (démo) »: what a demonstration server's mails and SMS would have delivered. The demo start runs a
 * real SMTP server and a real SMS endpoint on the machine itself; its garages send there, and this page reads them.
 */

export const DEMO_MESSAGES_TITLE = 'Messages envoyés (démo)';

export const demoAttachmentSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const demoMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['mail', 'sms']),
  receivedAt: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(demoAttachmentSchema),
});
export type DemoMessage = z.infer<typeof demoMessageSchema>;

/** `GET /api/demo/messages`: the newest first, only those the user's garages sent. */
export const demoMessagesResponseSchema = z.object({ data: z.array(demoMessageSchema) });

export const demoAttachmentParamsSchema = z.object({
  id: z.string().max(100),
  index: z.coerce.number().int().min(0),
});

/** Said where a server is not a demonstration: nothing is kept of what leaves it. */
export const NOT_A_DEMO = 'Ce serveur n’est pas une démonstration : les messages partent vers les vrais destinataires';
