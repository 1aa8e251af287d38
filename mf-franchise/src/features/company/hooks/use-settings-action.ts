import { type SaveOptions, useSaveAction } from 'shared-ui';

/**
 * One change to a settings list (add, rename, delete, reorder): saved as any save is, then the list is read again.
 * `run` answers whether it succeeded, so a draft is cleared only then and nothing typed is lost on a refusal.
 */
export function useSettingsAction(reload: () => Promise<unknown>) {
  const { saving, run } = useSaveAction();
  const change = (action: () => Promise<unknown>, options?: SaveOptions) =>
    run(async () => {
      await action();
      await reload();
    }, options);
  return { busy: saving, run: change };
}
