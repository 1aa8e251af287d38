import { type RecoveryCodes, TWO_FACTOR_DISABLED, TWO_FACTOR_ENABLED } from 'contracts';
import { useState } from 'react';
import { useApiQuery, useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
  TWO_FACTOR_STATUS_PATH,
} from '../two-factor-api';

/**
 * The signed-in user's second factor (nothing is read while signed out) and the calls that change it with a current
 * code. Each call rejects on a refusal, so that the code form empties its field, and calls `onDone` once it
 * succeeded. Turning the factor on or renewing the recovery codes answers new codes, shown once (`codes`), and the
 * status is read again (on since when, codes left); turning it off answers the new status, shown as is.
 */
export function useTwoFactor(signedIn: boolean, onDone: () => void) {
  const status = useApiQuery(signedIn ? TWO_FACTOR_STATUS_PATH : null, getTwoFactorStatus);
  const invalidate = useInvalidate();
  const store = useStoreAnswer();
  const { run } = useSaveAction();
  const [codes, setCodes] = useState<string[] | null>(null);

  const withCode = async (action: () => Promise<unknown>, done?: string) => {
    if (!(await run(action, { done }))) throw new Error('refusé');
    onDone();
  };
  const showCodes = async (answer: Promise<RecoveryCodes>) => {
    setCodes((await answer).recoveryCodes);
    await invalidate(TWO_FACTOR_STATUS_PATH);
  };

  return {
    status,
    codes,
    /** The user kept the codes: they are not shown again. */
    codesKept: () => setCodes(null),
    enable: (code: string) => withCode(() => showCodes(enableTwoFactor(code)), TWO_FACTOR_ENABLED),
    renew: (code: string) => withCode(() => showCodes(renewRecoveryCodes(code))),
    disable: (code: string) =>
      withCode(async () => store(TWO_FACTOR_STATUS_PATH, await disableTwoFactor(code)), TWO_FACTOR_DISABLED),
  };
}
