import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SMS as the local provider received it (Brevo's transactional SMS request). */
export interface ReceivedSms {
  sender: string;
  recipient: string;
  content: string;
  type: string;
  unicodeEnabled: boolean;
}

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
};

/**
 * A real HTTP server on 127.0.0.1 (random port) speaking Brevo's `POST /transactionalSMS/sms`, for the SMS tests:
 * it checks the `api-key` header, records each SMS and answers 201 with a `messageId`; `failNext(n)` makes the next
 * n requests answer 500 as a provider outage does.
 */
export async function startSmsProvider(apiKey: string) {
  const received: ReceivedSms[] = [];
  let failures = 0;
  let nextId = 1000;
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/transactionalSMS/sms') {
      return answer(404, { code: 'not_found', message: 'Unknown route' });
    }
    if (request.headers['api-key'] !== apiKey) return answer(401, { code: 'unauthorized', message: 'Key not found' });
    const body = await readJson(request);
    if (failures > 0) {
      failures -= 1;
      return answer(500, { code: 'internal_error', message: 'Service temporarily unavailable' });
    }
    received.push({
      sender: String(body.sender),
      recipient: String(body.recipient),
      content: String(body.content),
      type: String(body.type),
      unicodeEnabled: body.unicodeEnabled === true,
    });
    nextId += 1;
    return answer(201, { reference: `ref-${nextId}`, messageId: nextId, smsCount: 1, usedCredits: 1 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(count: number) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
