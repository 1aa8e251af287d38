import { z } from 'zod';

/*
 * How a garage's e-mails and SMS leave: an SMTP server and an SMS provider, set for the whole network by its head and
 * overridable by each garage. The password and the API key are write-only: the server stores them encrypted and
 * never answers them back (only whether one is stored).
 */

export const SENDING_CHANNELS = ['mail', 'sms'] as const;
export type SendingChannel = (typeof SENDING_CHANNELS)[number];

/** Who set what a message of the garage uses: the garage itself, its network, the server's environment, or nobody. */
export const SENDER_SOURCES = ['garage', 'network', 'server', 'none'] as const;
export type SenderSource = (typeof SENDER_SOURCES)[number];
export const SENDER_SOURCE_LABELS: Record<SenderSource, string> = {
  garage: 'Réglage du garage',
  network: 'Réglage du réseau',
  server: 'Serveur de la plateforme',
  none: 'Aucun : les messages attendent dans la file d’envoi',
};

/** Where a setting is saved: this garage only, or every garage of its network that has none of its own. */
export const SENDING_LEVELS = ['garage', 'network'] as const;
export type SendingLevel = (typeof SENDING_LEVELS)[number];

export const SMTP_SECURITIES = ['starttls', 'tls', 'none'] as const;
export const SMTP_SECURITY_LABELS: Record<(typeof SMTP_SECURITIES)[number], string> = {
  starttls: 'STARTTLS (port 587)',
  tls: 'TLS implicite (port 465)',
  none: 'Aucun chiffrement (réseau local seulement)',
};

const HOST =
  /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** The operators' rule for an alphanumeric SMS sender: 3 to 11 letters and digits, not only digits. */
const SMS_SENDER_CHARACTERS = /^[A-Za-z0-9]{3,11}$/;

export const SENDING_MESSAGES = {
  host: 'Nom d’hôte ou adresse IP du serveur invalide (smtp.exemple.fr)',
  port: 'Port entre 1 et 65535',
  from: 'Adresse d’expéditeur invalide (garage@exemple.fr)',
  apiUrl: 'Adresse de l’API invalide (https://api.fournisseur.fr/v3)',
  sender: 'Expéditeur : 3 à 11 lettres ou chiffres, dont une lettre',
  to: 'Destinataire du test invalide',
  notConfigured: 'Aucun serveur d’envoi configuré pour ce garage : enregistrez-en un avant de l’essayer',
  networkOnly: 'Seul le siège du réseau règle l’envoi de tout le réseau',
  noNetwork: 'Ce garage n’appartient à aucun réseau : réglez l’envoi pour le garage',
} as const;

const trimmed = (max: number) => z.string().trim().max(max);

export const mailServerSchema = z.object({
  host: trimmed(253).refine((value) => HOST.test(value) || IPV4.test(value), { message: SENDING_MESSAGES.host }),
  port: z.coerce
    .number({ message: SENDING_MESSAGES.port })
    .int()
    .min(1, SENDING_MESSAGES.port)
    .max(65535, SENDING_MESSAGES.port),
  security: z.enum(SMTP_SECURITIES),
  /** Empty: the server takes mail without authentication (a relay of the local network). */
  username: trimmed(200).default(''),
  fromAddress: trimmed(254).refine((value) => z.email().safeParse(value).success, { message: SENDING_MESSAGES.from }),
  /** The name shown before the address (« Vitrage Express Lyon »). */
  fromName: trimmed(100).default(''),
});
export type MailServer = z.infer<typeof mailServerSchema>;

export const smsProviderSchema = z.object({
  /** The provider's API root (Brevo's transactional SMS API: https://api.brevo.com/v3). */
  apiUrl: trimmed(500).refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), {
    message: SENDING_MESSAGES.apiUrl,
  }),
  // Two checks rather than one pattern with a look-ahead: the OpenAPI document's pattern stays one every tool reads.
  sender: trimmed(11)
    .regex(SMS_SENDER_CHARACTERS, SENDING_MESSAGES.sender)
    .refine((value) => /[A-Za-z]/.test(value), { message: SENDING_MESSAGES.sender }),
});
export type SmsProviderSettings = z.infer<typeof smsProviderSchema>;

/** `PUT /api/company/{companyId}/sending/mail`: a password left out keeps the one stored. */
export const mailServerBodySchema = z.object({
  level: z.enum(SENDING_LEVELS),
  server: mailServerSchema.extend({ password: z.string().max(500).optional() }),
});
export type MailServerBody = z.infer<typeof mailServerBodySchema>;

/** `PUT /api/company/{companyId}/sending/sms`: a key left out keeps the one stored. */
export const smsProviderBodySchema = z.object({
  level: z.enum(SENDING_LEVELS),
  provider: smsProviderSchema.extend({ apiKey: z.string().max(500).optional() }),
});
export type SmsProviderBody = z.infer<typeof smsProviderBodySchema>;

export const sendingChannelParamsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
  channel: z.enum(SENDING_CHANNELS),
});
export const sendingLevelQuerySchema = z.object({ level: z.enum(SENDING_LEVELS) });

/** `POST /api/company/{companyId}/sending/{channel}/test`: an address (mail) or a mobile number (SMS). */
export const sendingTestBodySchema = z.object({ to: trimmed(254).min(1, SENDING_MESSAGES.to) });
export type SendingTestBody = z.infer<typeof sendingTestBodySchema>;

/** What the server said to the test message: accepted, or refused with its answer. */
export const sendingTestResultSchema = z.object({ sent: z.boolean(), detail: z.string() });
export type SendingTestResult = z.infer<typeof sendingTestResultSchema>;

const storedMailServer = mailServerSchema.extend({ passwordSet: z.boolean() });
const storedSmsProvider = smsProviderSchema.extend({ apiKeySet: z.boolean() });

/** `GET /api/company/{companyId}/sending`: each level's setting, and which one the garage's messages use. */
export const sendingSettingsSchema = z.object({
  companyId: z.number().int(),
  /** The garage's network, and whether this user may set it (its head office's admins, the platform's). */
  network: z.object({ id: z.number().int(), name: z.string(), editable: z.boolean() }).nullable(),
  mail: z.object({
    garage: storedMailServer.nullable(),
    network: storedMailServer.nullable(),
    source: z.enum(SENDER_SOURCES),
  }),
  sms: z.object({
    garage: storedSmsProvider.nullable(),
    network: storedSmsProvider.nullable(),
    source: z.enum(SENDER_SOURCES),
  }),
  /** A demonstration server: its messages go to the local sink, readable on « Messages envoyés (démo) ». */
  demoSink: z.boolean(),
});
export type SendingSettings = z.infer<typeof sendingSettingsSchema>;
export type StoredMailServer = z.infer<typeof storedMailServer>;
export type StoredSmsProvider = z.infer<typeof storedSmsProvider>;

/** The domain whose DNS must authorise the server (SPF) and carry its signature key (DKIM). */
export const senderDomain = (fromAddress: string) => fromAddress.split('@')[1]?.toLowerCase() ?? '';
