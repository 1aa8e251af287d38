import type { LoginResponse } from 'contracts';
import type { Database } from '../../../db';
import { createChallenge } from './challenges';
import { factorOf } from './factor';
import { requiresSecondFactor } from './policy';
import { enrolmentOf, newTotpSecret } from './totp';

/**
 * What `POST /api/login` answers once the password is right, when a session is not yet due: the account has a
 * second factor (a code to type: 'verify'), or its garage requires one it has not set up ('enrol': a new secret to
 * scan, confirmed by its first code, before any session exists). Undefined: the session opens as before.
 */
export async function secondStep(
  db: Database,
  userId: number,
): Promise<Exclude<LoginResponse, { step: 'session' }> | undefined> {
  const factor = await factorOf(db, userId);
  if (!factor) return undefined;
  if (factor.enabledAt && factor.secret) return { step: 'verify', ...(await createChallenge(db, userId, 'verify')) };
  if (!(await requiresSecondFactor(db, userId))) return undefined;
  const secret = newTotpSecret();
  const challenge = await createChallenge(db, userId, 'enrol', secret);
  return { step: 'enrol', ...challenge, ...(await enrolmentOf(secret, factor.email)) };
}
