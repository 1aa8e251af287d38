import type { SmsConfig } from '../../config';

export interface SmsMessage {
  /** +33612345678 */
  to: string;
  text: string;
  /** UCS-2 text (a character outside the GSM alphabet: ê, ç, an emoji) must be sent as Unicode. */
  unicode: boolean;
}

export interface SmsProvider {
  /** Resolves with the provider's id once it accepted the message; rejects (to be retried) otherwise. */
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

const TIMEOUT_MS = 10_000;

/** A refusal as the provider wrote it, with its HTTP status: the outbox keeps it as the SMS's last error. */
export class SmsProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
  get code() {
    return `HTTP ${this.status}`;
  }
}

/**
 * Brevo's transactional SMS (a French provider; https://developers.brevo.com, « Send SMS message to a mobile
 * number »): `POST {apiUrl}/transactionalSMS/sms` with the account's `api-key` header, `{sender, recipient,
 * content, type: 'transactional', unicodeEnabled}`, the number with its country code and without « + »; 201 answers
 * `{messageId, smsCount, ...}`, an error `{code, message}`. The tests run the same client against a local server
 * speaking this API (`test/sms-provider.ts`).
 */
export function brevoSmsProvider(config: SmsConfig): SmsProvider {
  return {
    async send({ to, text, unicode }) {
      const response = await fetch(`${config.apiUrl}/transactionalSMS/sms`, {
        method: 'POST',
        headers: { 'api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          sender: config.sender,
          recipient: to.replace(/^\+/, ''),
          content: text,
          type: 'transactional',
          unicodeEnabled: unicode,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as { messageId?: unknown; message?: unknown };
      if (!response.ok) {
        const reason = typeof answer.message === 'string' ? answer.message : response.statusText;
        throw new SmsProviderError(response.status, reason);
      }
      if (answer.messageId === undefined) throw new SmsProviderError(response.status, 'réponse sans messageId');
      return { messageId: String(answer.messageId) };
    },
  };
}
