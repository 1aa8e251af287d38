import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * The demonstration's post office: a real SMTP server and a real HTTP endpoint speaking the SMS provider's API
 * (Brevo's `POST /transactionalSMS/sms`), both on 127.0.0.1 at ports drawn at start. The demo garages send there
 * (demo-settings.ts), so a newcomer reads on « Messages envoyés (démo) » what a real start would have delivered,
 * attachments included, and nothing ever reaches a real address or phone. Only `DEMO_SEED=1` starts it.
 */

export interface SinkAttachment {
  name: string;
  contentType: string;
  content: Buffer;
}

export interface SinkMessage {
  id: string;
  channel: 'mail' | 'sms';
  /** The Message-ID of a mail, the id answered for an SMS: what the outbox kept as `provider_message_id`. */
  providerId: string;
  receivedAt: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: SinkAttachment[];
}

/** The newest kept: the sink lives in memory, for the demo's lifetime. */
const KEEP = 500;
const SMS_BODY_LIMIT = 64 * 1024;

export interface DemoSink {
  smtpPort: number;
  smsUrl: string;
  /** Newest first. */
  messages(): readonly SinkMessage[];
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((address) => address.text).join(', ');

function smtpSink(keep: (message: SinkMessage) => void): SMTPServer {
  return new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 25 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          keep({
            id: randomUUID(),
            channel: 'mail',
            providerId: mail.messageId ?? '',
            receivedAt: new Date(),
            from: mail.from?.text ?? '',
            to: [addresses(mail.to), addresses(mail.cc)].filter(Boolean).join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              name: file.filename ?? 'piece-jointe',
              contentType: file.contentType,
              content: file.content,
            })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > SMS_BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function smsSink(keep: (message: SinkMessage) => void): Server {
  return createServer(async (request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/transactionalSMS/sms') {
      return answer(404, { code: 'not_found', message: 'Unknown route' });
    }
    const body = await bodyOf(request);
    if (!body || typeof body.recipient !== 'string' || typeof body.content !== 'string') {
      return answer(400, { code: 'invalid_parameter', message: 'recipient and content are required' });
    }
    const messageId = randomUUID();
    keep({
      id: randomUUID(),
      channel: 'sms',
      providerId: messageId,
      receivedAt: new Date(),
      from: String(body.sender ?? ''),
      to: `+${body.recipient}`,
      subject: '',
      text: body.content,
      attachments: [],
    });
    return answer(201, { reference: messageId, messageId, smsCount: 1 });
  });
}

export async function startDemoSink(): Promise<DemoSink> {
  const kept: SinkMessage[] = [];
  const keep = (message: SinkMessage) => {
    kept.unshift(message);
    kept.length = Math.min(kept.length, KEEP);
  };
  const smtp = smtpSink(keep);
  const sms = smsSink(keep);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const smsPort = (sms.address() as AddressInfo).port;
  return {
    smtpPort,
    smsUrl: `http://127.0.0.1:${smsPort}`,
    messages: () => kept,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => sms.close(() => resolve()));
    },
  };
}
