import { useSaveAction } from 'shared-ui';

/**
 * One change to a settings list (add, rename, delete, reorder): saved as any save is, then the list is read again.
 * `run` answers whether it succeeded, so a draft is cleared only then and nothing typed is lost on a refusal.
 */
export function useSettingsAction(reload: () => Promise<unknown>) {
  const { saving, run } = useSaveAction();
  const change = (action: () => Promise<unknown>, done?: string) =>
    run(async () => {
      await action();
      await reload();
    }, done);
  return { busy: saving, run: change };
}
