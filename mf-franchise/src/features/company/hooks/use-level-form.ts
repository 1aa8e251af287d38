import type { SendingLevel } from 'contracts';
import { useState } from 'react';
import { useSaveAction, useStoreAnswer } from 'shared-ui';

/**
 * The state of a card set for this garage or for its whole network (the sending cards, the approved platform): the
 * level edited (the network's when it alone is set and the user may edit it, else the garage's), saving and removing
 * with the server's answer stored as the new state of the page's read at `path`.
 */
export function useLevelForm<Answer, Stored>({
  path,
  network,
  garage,
  networkSetting,
  removeAt,
}: {
  path: string;
  network: { editable: boolean } | null;
  garage: Stored | null;
  networkSetting: Stored | null;
  removeAt: (level: SendingLevel) => Promise<Answer>;
}) {
  const [level, setLevel] = useState<SendingLevel>(
    garage || !network?.editable || !networkSetting ? 'garage' : 'network',
  );
  const { saving, run } = useSaveAction();
  const store = useStoreAnswer();

  /** Saves through `write` at the level edited; `then` runs once it succeeded (clearing a secret field). */
  const save = (write: (level: SendingLevel) => Promise<Answer>, done: string, then: () => void) =>
    void run(
      async () => {
        store(path, await write(level));
        then();
      },
      { done },
    );
  const remove = () => void run(async () => store(path, await removeAt(level)), { done: 'Réglage retiré' });

  return {
    level,
    setLevel,
    stored: level === 'garage' ? garage : networkSetting,
    readOnly: level === 'network' && !network?.editable,
    saving,
    save,
    remove,
  };
}
