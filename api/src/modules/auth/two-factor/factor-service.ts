import { TWO_FACTOR_CHALLENGE_GONE, TWO_FACTOR_CODE_USED, TWO_FACTOR_NO_SETUP } from 'contracts';
import type { Database } from '../../../db';
import { gone, invalid } from '../../../lib/domain-error';
import { activateFactor, clearFactor } from './account-factor';
import { claimChallenge } from './challenges';
import { claimProof, type Proof } from './factor';
import { storeRecoveryCodes } from './recovery-codes';

/*
 * The caller's own factor changed with a code, each change in one transaction: the code is claimed (used once) in
 * the same transaction as what it allows, so two tabs sending the same code cannot both succeed.
 */

/** The factor on with the first code's step, and its recovery codes stored; refused if a newer QR code was drawn. */
export async function enableFactor(db: Database, userId: number, secret: string, step: number, hashes: string[]) {
  await db.transaction(async (tx) => {
    // A newer QR code was drawn meanwhile (another tab), or the factor got on: this code no longer decides.
    if (!(await activateFactor(tx, userId, secret, step, true))) throw invalid(TWO_FACTOR_NO_SETUP);
    await storeRecoveryCodes(tx, userId, hashes);
  });
}

/** The factor off, with a code not used before. */
export async function disableFactor(db: Database, userId: number, proof: Proof) {
  await db.transaction(async (tx) => {
    if (!(await claimProof(tx, userId, proof))) throw invalid(TWO_FACTOR_CODE_USED);
    await clearFactor(tx, userId);
  });
}

/** Ten new recovery codes in place of the old ones, with a code not used before. */
export async function replaceRecoveryCodes(db: Database, userId: number, proof: Proof, hashes: string[]) {
  await db.transaction(async (tx) => {
    if (!(await claimProof(tx, userId, proof))) throw invalid(TWO_FACTOR_CODE_USED);
    await storeRecoveryCodes(tx, userId, hashes);
  });
}

/**
 * The code of a sign-in's second step used: the factor turned on (`enrol`, with its new recovery codes) or the code
 * claimed, and the challenge claimed, together. False when the code was used already (another tab, a replay).
 */
export async function claimSignInCode(
  db: Database,
  challenge: { userId: number; tokenHash: string; enrol: boolean; secret: string },
  proof: Proof,
  recoveryHashes: string[] | undefined,
): Promise<boolean> {
  const { userId, tokenHash, enrol, secret } = challenge;
  return db.transaction(async (tx) => {
    const used =
      enrol && proof.kind === 'totp'
        ? await activateFactor(tx, userId, secret, proof.step)
        : await claimProof(tx, userId, proof);
    if (!used) return false;
    // Answered twice at once with two good codes: one sign-in only (the other rolls its code back).
    if (!(await claimChallenge(tx, tokenHash))) throw gone(TWO_FACTOR_CHALLENGE_GONE);
    if (recoveryHashes) await storeRecoveryCodes(tx, userId, recoveryHashes);
    return true;
  });
}
