import { Button, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import { BILL_TO_LABELS, type BillingDocument, parseEuros } from 'contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents, useSaveAction } from 'shared-ui';
import { getDocument, invoiceFromQuote } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useFolderInsurer } from '../hooks/use-folder-insurer';

interface InvoiceFromQuoteModalProps {
  quote: BillingDocument;
  onClose: () => void;
}

type Created = { id: number; label: string }[];

/** The two invoices of a split, named by whom they bill; plain links when they cannot be read. */
async function describe(ids: number[]): Promise<Created> {
  try {
    const documents = await Promise.all(ids.map(getDocument));
    return documents.map((invoice) => ({
      id: invoice.id,
      label: `Facture ${BILL_TO_LABELS[invoice.billTo].toLowerCase()} : ${formatCents(invoice.totalAmount)} TTC`,
    }));
  } catch {
    return ids.map((id, index) => ({ id, label: `Facture ${index + 1}` }));
  }
}

/**
 * "Transformer en facture". On a folder with an insurer, an optional deductible (franchise, TTC) splits the
 * invoice in two: the deductible billed to the customer, the rest to the insurer; the modal then lists both.
 * One invoice opens directly.
 */
export function InvoiceFromQuoteModal({ quote, onClose }: InvoiceFromQuoteModalProps) {
  const navigate = useNavigate();
  const deductibleId = useId();
  const [deductible, setDeductible] = useState('');
  const { saving, run } = useSaveAction();
  const [created, setCreated] = useState<Created>();
  const insurer = useFolderInsurer(quote.folderId);
  const cache = useDocumentCache();
  const typed = deductible.trim();
  const amount = typed ? parseEuros(typed) : null;
  const invalid = amount === undefined || (amount !== null && amount < 0);

  // Busy until the two invoices are described: the modal then lists them.
  const create = async () => {
    if (invalid) return;
    await run(async () => {
      const { ids } = await invoiceFromQuote(quote.id, { deductible: typed || null });
      void cache.changed(quote.id, quote.folderId);
      if (ids.length === 1 && ids[0] !== undefined) {
        onClose();
        navigate(`/quotation/show/${ids[0]}`);
      } else {
        setCreated(await describe(ids));
      }
    });
  };

  if (created) {
    return (
      <Modal
        open
        title="Factures créées"
        onCancel={onClose}
        // Done: one way out, not « Annuler » beside « Fermer ».
        footer={
          <Button type="primary" onClick={onClose}>
            Fermer
          </Button>
        }
      >
        <Typography.Paragraph>
          La franchise est facturée au client et le reste à l’assureur : deux factures ont été créées.
        </Typography.Paragraph>
        <List
          dataSource={created}
          renderItem={(invoice) => (
            <List.Item>
              <Link to={`/quotation/show/${invoice.id}`} onClick={onClose}>
                {invoice.label}
              </Link>
            </List.Item>
          )}
        />
      </Modal>
    );
  }

  // A folder the user may not read (an accountant) is treated as one without insurer: no split offered.
  const hasInsurer = Boolean(insurer.data);
  const draftNotice =
    quote.status === 'draft' ? (
      <Typography.Paragraph type="warning">
        Ce devis est encore un brouillon : il sera d’abord émis (numéroté) et ne pourra plus être modifié.
      </Typography.Paragraph>
    ) : null;
  return (
    <Modal
      open
      title="Transformer en facture"
      okText="Créer la facture"
      cancelText="Annuler"
      onOk={() => void create()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: invalid || insurer.isLoading }}
    >
      {draftNotice}
      {insurer.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : hasInsurer ? (
        <Form layout="vertical" onFinish={() => void create()}>
          <Typography.Paragraph>
            Le dossier est pris en charge par <strong>{insurer.data}</strong>. Indiquez la franchise due par le client
            pour faire deux factures (client et assureur), ou laissez vide pour une seule facture.
          </Typography.Paragraph>
          <Form.Item
            label="Franchise TTC (€)"
            htmlFor={deductibleId}
            validateStatus={invalid ? 'error' : undefined}
            help={invalid ? 'Montant invalide : un nombre positif avec 2 décimales au plus' : undefined}
          >
            <Input
              id={deductibleId}
              autoFocus
              inputMode="decimal"
              placeholder="Facultatif, ex. 150,00"
              value={deductible}
              onChange={(event) => setDeductible(event.target.value)}
            />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph>
          Une facture reprenant les lignes de ce devis va être créée (brouillon).
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
