import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { CONTACT_LABELS, type ContactType, type FolderDetail, PHONE_REVEAL_ERROR } from 'contracts';
import { type ReactNode, useState } from 'react';
import { revealContact } from '../api/reveal-contact';

const ICONS: Record<ContactType, ReactNode> = {
  phone: <PhoneOutlined />,
  mail: <MailOutlined />,
  address: <EnvironmentOutlined />,
};

/** The revealed value: the phone as a link that calls, the e-mail as one that writes. */
function Revealed({ type, value }: { type: ContactType; value: string }) {
  if (type === 'phone') return <a href={`tel:${value.replace(/\s/g, '')}`}>{value}</a>;
  if (type === 'mail') return <a href={`mailto:${value}`}>{value}</a>;
  return <Typography.Text>{value}</Typography.Text>;
}

/**
 * The customer's phone, e-mail and address stay hidden until asked for: each button makes the logged access
 * call (a history row names who looked), then shows the value. Failures are only logged (docs/product.md).
 */
export function ContactButtons({ folder, onRevealed }: { folder: FolderDetail; onRevealed: () => void }) {
  const [values, setValues] = useState<Partial<Record<ContactType, string>>>({});
  const [pending, setPending] = useState<ContactType>();
  const available: Record<ContactType, boolean> = {
    phone: folder.hasPhone,
    mail: folder.hasEmail,
    address: folder.hasAddress,
  };

  const reveal = async (type: ContactType) => {
    setPending(type);
    try {
      const value = await revealContact(folder.id, type);
      if (value) setValues((current) => ({ ...current, [type]: value }));
      onRevealed();
    } catch {
      console.error(type === 'phone' ? PHONE_REVEAL_ERROR : `Erreur lors de la récupération : ${CONTACT_LABELS[type]}`);
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Space direction="vertical" size={8}>
      {(Object.keys(CONTACT_LABELS) as ContactType[]).map((type) => {
        const value = values[type];
        return value ? (
          <Space key={type} data-testid={`contact-${type}`}>
            {ICONS[type]}
            <Revealed type={type} value={value} />
          </Space>
        ) : (
          <Button
            key={type}
            icon={ICONS[type]}
            disabled={!available[type]}
            loading={pending === type}
            onClick={() => void reveal(type)}
          >
            {available[type]
              ? `Voir ${CONTACT_LABELS[type].toLowerCase()}`
              : `${CONTACT_LABELS[type]} non ${type === 'address' ? 'renseignée' : 'renseigné'}`}
          </Button>
        );
      })}
    </Space>
  );
}
