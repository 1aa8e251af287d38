import type { SendingChannel, SendingLevel, SendingSettings } from 'contracts';
import { useState } from 'react';
import { useSaveAction, useStoreAnswer } from 'shared-ui';
import { removeSending, sendingPath } from '../api/sending';

/**
 * The state both cards of « Envoi des e-mails et SMS » share: the level edited (the network's when it alone is set
 * and the user may edit it, else the garage's), saving and removing with the page's answer stored as the new state.
 */
export function useSendingForm<C extends SendingChannel>(settings: SendingSettings, channel: C) {
  const { companyId, network } = settings;
  const view: SendingSettings[C] = settings[channel];
  const [level, setLevel] = useState<SendingLevel>(
    view.garage || !network?.editable || !view.network ? 'garage' : 'network',
  );
  const { saving, run } = useSaveAction();
  const store = useStoreAnswer();
  const path = sendingPath(companyId);

  /** Saves through `write` at the level edited; `then` runs once it succeeded (clearing a secret field). */
  const save = (write: (level: SendingLevel) => Promise<SendingSettings>, done: string, then: () => void) =>
    void run(
      async () => {
        store(path, await write(level));
        then();
      },
      { done },
    );
  const remove = () =>
    void run(async () => store(path, await removeSending(companyId, channel, level)), { done: 'Réglage retiré' });

  return {
    level,
    setLevel,
    stored: view[level] as SendingSettings[C]['garage'],
    readOnly: level === 'network' && !network?.editable,
    saving,
    save,
    remove,
  };
}
