import { TOTP_DIGITS, type TotpEnrolment } from 'contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/*
 * TOTP (RFC 6238) with the parameters every authenticator app understands from a QR code: SHA-1, six digits, a new
 * code every 30 seconds, a 160-bit secret (RFC 4226's recommendation) drawn by the library from crypto's CSPRNG.
 */

export const TOTP_PERIOD_S = 30;
/** What the authenticator app shows above the code. */
const ISSUER = 'GarageOffice';
/** A code of the step before or after now is still accepted: the phone's clock may be off by up to 30 s. */
const DRIFT_STEPS = 1;

/** A new secret, base32 (what is typed and what the QR code carries). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = 'compte') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });

/** A typed code with its spaces taken out (« 123 456 »), when it looks like a TOTP code. */
export const totpToken = (code: string): string | null => {
  const token = code.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token) ? token : null;
};

/**
 * The time step (RFC 6238's T, the number of 30 s periods since 1970) whose code `code` is, within ±1 step of `now`;
 * null when it is none of them. The caller then records that step as used (never twice, never an older one).
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const token = totpToken(code);
  if (!token) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/**
 * What the browser shows to add the account to an app: the secret, the `otpauth://` URI and the QR code holding it,
 * drawn here as an SVG (a data URL the page puts in an <img>: no QR library, nor HTML, in the browser).
 */
export async function enrolmentOf(secret: string, email: string): Promise<TotpEnrolment> {
  const otpauthUri = totp(secret, email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
