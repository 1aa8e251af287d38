import { type SaveOptions, useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';

/**
 * One change to a settings list read at `path` (add, rename, delete, reorder): saved as any save is, then the list
 * is read again; a change whose answer is the whole new list (a reorder) is shown as answered, with no second read.
 * `run` and `replace` answer whether it succeeded, so a draft is cleared only then and nothing typed is lost on a
 * refusal; `busy` lasts until the list shows the change.
 */
export function useSettingsAction<T>(path: string) {
  const { saving, run } = useSaveAction();
  const invalidate = useInvalidate();
  const store = useStoreAnswer();
  const change = (action: () => Promise<unknown>, options?: SaveOptions) =>
    run(async () => {
      await action();
      await invalidate(path);
    }, options);
  const replace = (action: () => Promise<T>, options?: SaveOptions) =>
    run(async () => {
      store(path, await action());
    }, options);
  return { busy: saving, run: change, replace };
}
