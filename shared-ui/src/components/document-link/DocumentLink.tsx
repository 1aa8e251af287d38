import { Space, Tag } from 'antd';
import { OPENING_BALANCE_LABEL } from 'contracts';
import { Link } from 'react-router-dom';

/**
 * A document's number where money is followed (recoveries, insurer receivables, payments): a link to the document's
 * page, or, for an unpaid invoice of the former software, its number marked « Solde repris » (it has no page here:
 * its original is in the former software).
 */
export function DocumentLink({
  id,
  number,
  openingBalance,
}: {
  id: number;
  number: string | null;
  openingBalance: boolean;
}) {
  if (!openingBalance) return <Link to={`/quotation/show/${id}`}>{number ?? '—'}</Link>;
  return (
    <Space size={4} wrap>
      <span>{number}</span>
      <Tag color="default" title="Facture de l’ancien logiciel, reprise comme solde à encaisser">
        {OPENING_BALANCE_LABEL}
      </Tag>
    </Space>
  );
}
