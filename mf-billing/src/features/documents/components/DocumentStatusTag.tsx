import { Tag } from 'antd';
import { type DocumentStatus, type DocumentType, isExpiredQuote, parisToday, shownStatusLabel } from 'contracts';
import { STATUS_COLORS } from '../document-labels';

type Shown = { type: DocumentType; status: DocumentStatus; dueDate: string | null };

/** A document's status as a list or a page shows it (an issued quote past its validity reads « Expiré »). */
export const statusText = (document: Shown) => shownStatusLabel(document, parisToday());

export function DocumentStatusTag({ document }: { document: Shown }) {
  const expired = isExpiredQuote(document, parisToday());
  return <Tag color={expired ? 'default' : STATUS_COLORS[document.status]}>{statusText(document)}</Tag>;
}
