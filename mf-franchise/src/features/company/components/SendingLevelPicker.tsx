import { Flex, Radio, Tag, Tooltip } from 'antd';
import { SENDER_SOURCE_LABELS, type SenderSource, type SendingLevel, type SendingSettings } from 'contracts';

const SOURCE_COLORS: Record<SenderSource, string> = {
  garage: 'green',
  network: 'blue',
  server: 'geekblue',
  none: 'orange',
};

/**
 * Which setting the garage uses now: its own, its network's, the server's, or none (`labels`: the words of another
 * setting than the messages', such as the approved platform).
 */
export function SourceTag({
  source,
  labels = SENDER_SOURCE_LABELS,
}: {
  source: SenderSource;
  labels?: Record<SenderSource, string>;
}) {
  return (
    <Tag color={SOURCE_COLORS[source]} data-testid="sender-source">
      Utilisé : {labels[source]}
    </Tag>
  );
}

/**
 * « Ce garage » or « Tout le réseau … »: where the form below saves. Only the network's head office (and the
 * platform) may set the whole network; a centre sees why the choice is closed (`lockedTitle`).
 */
export function LevelPicker({
  network,
  level,
  onChange,
  lockedTitle = 'Seul le siège du réseau règle l’envoi de tout le réseau',
}: {
  network: SendingSettings['network'];
  level: SendingLevel;
  onChange: (level: SendingLevel) => void;
  lockedTitle?: string;
}) {
  if (!network) return null;
  const networkLabel = `Tout le réseau ${network.name}`;
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
      <span>Régler pour :</span>
      <Radio.Group
        optionType="button"
        value={level}
        onChange={(event) => onChange(event.target.value as SendingLevel)}
        aria-label="Régler pour"
      >
        <Radio.Button value="garage">Ce garage</Radio.Button>
        {network.editable ? (
          <Radio.Button value="network">{networkLabel}</Radio.Button>
        ) : (
          <Tooltip title={lockedTitle}>
            <Radio.Button value="network" disabled>
              {networkLabel}
            </Radio.Button>
          </Tooltip>
        )}
      </Radio.Group>
    </Flex>
  );
}
