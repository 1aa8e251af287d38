import { useState } from 'react';
import { useFeedback } from './use-feedback';

/** Names one run among those of a page: a list's row, one of several buttons. */
export type SaveKey = string | number;

export interface SaveOptions<T = unknown> {
  /** Which run this is, so that `isSaving(key)` spins only the clicked row or button. */
  key?: SaveKey;
  /** The French confirmation shown once the action succeeded; from what it answered when it depends on it. */
  done?: string | ((result: T) => string);
  /** Shown on a refusal that carries no message of the server's. */
  failure?: string;
  /**
   * Sees the refusal first. Answering true means the caller has told the user itself (an alert above a long form,
   * a modal, a redirect): no message then. False still shows it.
   */
  onRefused?: (error: unknown) => boolean;
}

/**
 * The one way the front end runs a save (a form's submit, a list's change), so that no flow writes its own busy
 * state, try/catch and message: `saving` while any run is in flight and `isSaving(key)` for one of them, the French
 * confirmation or the server's message (`useFeedback().error`), and whether it succeeded. A refusal leaves
 * everything the user typed where it was: the caller closes, clears or navigates only on `true`.
 */
export function useSaveAction() {
  const feedback = useFeedback();
  // The key of every run in flight, once per run: two runs of one key keep it busy until both have ended.
  const [running, setRunning] = useState<SaveKey[]>([]);

  const run = async <R extends Promise<unknown>>(
    action: () => R,
    { key = '', done, failure, onRefused }: SaveOptions<Awaited<R>> = {},
  ): Promise<boolean> => {
    setRunning((keys) => [...keys, key]);
    try {
      const result = await action();
      if (done) feedback.success(typeof done === 'function' ? done(result) : done);
      return true;
    } catch (error) {
      if (!onRefused?.(error)) feedback.error(error, failure);
      return false;
    } finally {
      setRunning((keys) => keys.filter((_, index) => index !== keys.indexOf(key)));
    }
  };

  return { saving: running.length > 0, isSaving: (key: SaveKey) => running.includes(key), run };
}
