import type { SendingChannel, SendingSettings } from 'contracts';
import { removeSending, sendingPath } from '../api/sending';
import { useLevelForm } from './use-level-form';

/**
 * The state both cards of « Envoi des e-mails et SMS » share: the level edited, saving and removing with the page's
 * answer stored as the new state (use-level-form.ts).
 */
export function useSendingForm<C extends SendingChannel>(settings: SendingSettings, channel: C) {
  const { companyId, network } = settings;
  const view: SendingSettings[C] = settings[channel];
  return useLevelForm<SendingSettings, SendingSettings[C]['garage']>({
    path: sendingPath(companyId),
    network,
    garage: view.garage,
    networkSetting: view.network,
    removeAt: (level) => removeSending(companyId, channel, level),
  });
}
