import { Tag } from 'antd';

export interface NotificationTypeStyle {
  letter: string;
  title: string;
  /** Background and text colours with at least 4.5:1 contrast. */
  background: string;
  color: string;
}

const TYPES: Record<string, NotificationTypeStyle> = {
  verif: { letter: 'V', title: 'Vérification', background: '#1456b8', color: '#ffffff' },
  envoi: { letter: 'E', title: 'Envoi', background: '#1e7b34', color: '#ffffff' },
  relance: { letter: 'R', title: 'Relance', background: '#b3261e', color: '#ffffff' },
  comment: { letter: 'C', title: 'Commentaire', background: '#fadb14', color: '#000000' },
  recovery: { letter: 'RC', title: 'Recouvrement', background: '#6b2fb3', color: '#ffffff' },
};

const FALLBACK = { background: '#595959', color: '#ffffff' };

/** The letter and colour of a notification's type, else the first letter of the folder title. */
export function notificationTypeStyle(
  typeFolder: string | null | undefined,
  folderTitle?: string | null,
): NotificationTypeStyle {
  const known = typeFolder ? TYPES[typeFolder] : undefined;
  if (known) return known;
  const letter = (folderTitle ?? '').trim().charAt(0).toUpperCase() || '?';
  return { letter, title: folderTitle ? `Dossier ${folderTitle}` : 'Notification', ...FALLBACK };
}

export interface NotificationTypeTagProps {
  typeFolder?: string | null;
  folderTitle?: string | null;
}

export function NotificationTypeTag({ typeFolder, folderTitle }: NotificationTypeTagProps) {
  const style = notificationTypeStyle(typeFolder, folderTitle);
  return (
    <Tag
      bordered={false}
      title={style.title}
      aria-label={style.title}
      role="img"
      style={{ background: style.background, color: style.color, fontWeight: 600, marginInlineEnd: 8 }}
    >
      {style.letter}
    </Tag>
  );
}
