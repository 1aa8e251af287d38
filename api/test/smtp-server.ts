import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test server received it, read back with mailparser. */
export interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  to: string;
  cc: string;
  subject: string;
  html: string | false;
  text: string;
  attachments: { filename: string; contentType: string; sha256: string; bytes: number }[];
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((address) => address.text).join(', ');

/**
 * A real SMTP server on 127.0.0.1 (random port) for the mail tests: plain text, with AUTH when `auth` is given,
 * refusing `refused` with a 550. Each message is parsed before the server answers 250, so a resolved send means
 * it is in `received`.
 */
export async function startSmtpServer({
  auth,
  refused,
}: {
  auth?: { user: string; password: string };
  refused: string;
}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    ...(auth
      ? {
          disabledCommands: ['STARTTLS'],
          allowInsecureAuth: true,
          onAuth(login, _session, callback) {
            if (login.username === auth.user && login.password === auth.password) callback(null, { user: auth.user });
            else callback(Object.assign(new Error('Identifiants invalides'), { responseCode: 535 }));
          },
        }
      : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
    onRcptTo(address, _session, callback) {
      if (address.address === refused) callback(Object.assign(new Error('Boîte inconnue'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: mail.from?.text ?? '',
            to: addresses(mail.to),
            cc: addresses(mail.cc),
            subject: mail.subject ?? '',
            html: mail.html ?? false,
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              sha256: createHash('sha256').update(file.content).digest('hex'),
              bytes: file.content.length,
            })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
