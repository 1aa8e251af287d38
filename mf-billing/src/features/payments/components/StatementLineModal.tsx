import { Input, Modal, Typography } from 'antd';
import { centsToText, type InsurerInvoice, readStatementLine } from 'contracts';
import { useId, useState } from 'react';

/** What a statement line fills in the transfer: its invoices, amount, value date and reference. */
export interface StatementMatch {
  invoices: InsurerInvoice[];
  amount?: string;
  date?: string;
  reference: string;
}

/**
 * « Depuis une ligne de relevé »: the bank's line for an insurer transfer, pasted; the claim numbers it cites pick the
 * insurer's unpaid invoices, its amount and date fill the transfer, which the person then checks and records.
 */
export function StatementLineModal({
  insurer,
  invoices,
  onMatched,
  onClose,
}: {
  insurer: string;
  invoices: InsurerInvoice[];
  onMatched: (match: StatementMatch) => void;
  onClose: () => void;
}) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();

  const match = () => {
    const reading = readStatementLine(text, invoices);
    const found = invoices.filter((invoice) => reading.invoiceIds.includes(invoice.id));
    if (found.length === 0) {
      setProblem(`Aucun n° de sinistre de cette ligne ne correspond aux factures impayées de ${insurer}.`);
      return;
    }
    onMatched({
      invoices: found,
      amount: reading.amount === undefined ? undefined : centsToText(reading.amount),
      date: reading.day,
      reference: text.trim().slice(0, 200),
    });
  };

  return (
    <Modal
      open
      title="Rapprocher une ligne de relevé"
      okText="Rapprocher"
      cancelText="Annuler"
      onOk={match}
      okButtonProps={{ disabled: text.trim() === '' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Collez la ligne du relevé bancaire : les n° de sinistre qu’elle cite choisissent les factures, son montant et sa
        date remplissent le virement, que vous vérifiez avant de l’enregistrer.
      </Typography.Paragraph>
      <label htmlFor={fieldId}>Ligne du relevé</label>
      <Input.TextArea
        id={fieldId}
        autoFocus
        rows={3}
        value={text}
        status={problem ? 'error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(undefined);
        }}
        placeholder="Ex. : 26/11/2026 VIR SEPA MAIF SIN-2026-004512 SIN-2026-004533 1 250,40"
      />
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
    </Modal>
  );
}
