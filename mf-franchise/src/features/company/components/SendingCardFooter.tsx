import { Alert, Button, Flex, Popconfirm } from 'antd';
import type { SenderSource, SendingChannel } from 'contracts';
import { TestSend } from './TestSend';

const NO_SENDER: Record<SendingChannel, string> = {
  mail: 'Aucun serveur d’envoi : les e-mails du garage attendent dans la file d’envoi',
  sms: 'Aucun fournisseur : les SMS du garage attendent dans la file d’envoi',
};

/** A settings card's buttons: save, and remove the setting of the level edited (after a confirmation). */
export function SaveRemoveButtons({
  submitLabel,
  saving,
  onRemove,
}: {
  submitLabel: string;
  saving: boolean;
  /** Absent: nothing stored at this level, or the user may not change it. */
  onRemove?: () => void;
}) {
  return (
    <Flex gap={8}>
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitLabel}
      </Button>
      {onRemove ? (
        <Popconfirm title="Retirer ce réglage ? Le niveau suivant s’appliquera." onConfirm={onRemove} okText="Retirer">
          <Button danger>Retirer</Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}

/** The end of a sending card: save and remove, what happens while nothing is set, and « Envoyer un test ». */
export function SendingCardFooter({
  companyId,
  channel,
  source,
  submitLabel,
  saving,
  onRemove,
}: {
  companyId: number;
  channel: SendingChannel;
  source: SenderSource;
  submitLabel: string;
  saving: boolean;
  /** Absent: nothing stored at this level, or the user may not change it. */
  onRemove?: () => void;
}) {
  return (
    <>
      <SaveRemoveButtons submitLabel={submitLabel} saving={saving} onRemove={onRemove} />
      {source === 'none' ? (
        <Alert style={{ marginTop: 12 }} type="warning" showIcon message={NO_SENDER[channel]} />
      ) : null}
      <TestSend companyId={companyId} channel={channel} disabled={source === 'none'} />
    </>
  );
}
