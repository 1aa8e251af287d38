import { z } from 'zod';

/*
 * What an SMS costs and what may be sent: the 3GPP character count shared by the template editor, the folder's SMS
 * form and the server. Apart from sms.ts so that a page listing SMS does not carry the alphabet tables.
 */

/**
 * SMS length rules (3GPP TS 23.038): text made only of GSM-7 characters costs
 * one septet per character (two for the extension table), 160 in one SMS or
 * 153 per part once split; any other character switches the whole message to
 * UCS-2, 70 in one SMS or 67 per part.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  /** Characters as the user sees them (code points). */
  characters: number;
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the message costs. */
  units: number;
  segments: number;
  /** Units left before the next segment starts. */
  remaining: number;
}

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return false;
  return true;
}

export function smsSegments(text: string): SmsCount {
  const characters = [...text].length;
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  let units = 0;
  if (encoding === 'GSM-7') for (const char of text) units += extension.has(char) ? 2 : 1;
  else units = text.length;
  const { single, multi } = SMS_LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const capacity = segments <= 1 ? single : segments * multi;
  return { characters, encoding, units, segments, remaining: capacity - units };
}

/** A message longer than this many parts is refused (the operators' concatenation works up to about six). */
export const SMS_MAX_SEGMENTS = 6;

export const SMS_EMPTY_MESSAGE = 'Le SMS est vide';
export const SMS_TOO_LONG_MESSAGE = `Un SMS ne peut pas dépasser ${SMS_MAX_SEGMENTS} parties`;

/** A SMS written from the folder page (a template's text, edited or not). */
export const sendFolderSmsBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, SMS_EMPTY_MESSAGE)
    .refine((text) => smsSegments(text).segments <= SMS_MAX_SEGMENTS, SMS_TOO_LONG_MESSAGE),
  /** The template it came from: its purpose (« Véhicule prêt ») is the SMS's. */
  templateId: z.number().int().positive().optional(),
});
export type SendFolderSmsBody = z.infer<typeof sendFolderSmsBodySchema>;
