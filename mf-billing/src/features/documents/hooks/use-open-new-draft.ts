import { useNavigate } from 'react-router-dom';
import { useSaveAction } from 'shared-ui';

/**
 * A dialog that makes a new draft from the document on screen (a credit note from an invoice, a deposit invoice from
 * a quote): runs `create`, says `done`, lets the caller refresh what changed, closes and opens the new draft. A
 * refusal leaves the dialog open with what was typed.
 */
export function useOpenNewDraft(done: string, after: { changed: () => void; close: () => void }) {
  const navigate = useNavigate();
  const { saving, run } = useSaveAction();
  const open = async (create: () => Promise<{ id: number }>) => {
    let id: number | undefined;
    const created = await run(
      async () => {
        id = (await create()).id;
      },
      { done },
    );
    if (!created || id === undefined) return;
    after.changed();
    after.close();
    navigate(`/quotation/show/${id}`);
  };
  return { saving, open };
}
