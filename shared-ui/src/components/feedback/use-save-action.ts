import { useState } from 'react';
import { useFeedback } from './use-feedback';

/**
 * One save (a form's submit, a list's change): `saving` while it runs, its French confirmation or the server's
 * message shown, and whether it succeeded. A refusal leaves everything the user typed where it was: the caller
 * closes, clears or navigates only on `true`.
 */
export function useSaveAction() {
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);

  const run = async (action: () => Promise<unknown>, done?: string, failure?: string): Promise<boolean> => {
    setSaving(true);
    try {
      await action();
      if (done) feedback.success(done);
      return true;
    } catch (error) {
      feedback.error(error, failure);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { saving, run };
}
