import { Button, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import {
  BILL_TO_LABELS,
  type BillingDocument,
  centsToText,
  deductibleOf,
  deductibleTermsLabel,
  parseEuros,
} from 'contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents, useSaveAction } from 'shared-ui';
import { getDocument, invoiceFromQuote } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useFolderClaim } from '../hooks/use-folder-claim';

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
 * The folder's policy terms fill it in (the garage may change it). One invoice opens directly.
 */
export function InvoiceFromQuoteModal({ quote, onClose }: InvoiceFromQuoteModalProps) {
  const navigate = useNavigate();
  const deductibleId = useId();
  // Untouched, the field shows what the folder's policy leaves to the insured on this quote.
  const [typedDeductible, setDeductible] = useState<string>();
  const { saving, run } = useSaveAction();
  const [created, setCreated] = useState<Created>();
  const claim = useFolderClaim(quote.folderId);
  const cache = useDocumentCache();
  const fromPolicy = claim.data ? deductibleOf(claim.data.deductible, quote.totalAmount) : 0;
  const deductible = typedDeductible ?? (fromPolicy > 0 ? centsToText(fromPolicy) : '');
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

  if (created) return <CreatedInvoices created={created} onClose={onClose} />;

  // A folder the user may not read (an accountant) is treated as one without insurer: no split offered.
  const insurer = claim.data?.insurer;
  const terms = claim.data && deductibleTermsLabel(claim.data.deductible);
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
      okButtonProps={{ disabled: invalid || claim.isLoading }}
    >
      {draftNotice}
      {claim.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : insurer ? (
        <Form layout="vertical" onFinish={() => void create()}>
          <Typography.Paragraph>
            Le dossier est pris en charge par <strong>{insurer}</strong>.{' '}
            {terms
              ? `Son contrat prévoit une franchise de ${terms}, soit ${formatCents(fromPolicy)} sur ce devis : elle est facturée au client et le reste à l’assureur (deux factures). Videz le champ pour une seule facture.`
              : 'Indiquez la franchise due par le client pour faire deux factures (client et assureur), ou laissez vide pour une seule facture.'}
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

/** The two invoices of a split, linked: the deductible billed to the customer and the rest to the insurer. */
function CreatedInvoices({ created, onClose }: { created: Created; onClose: () => void }) {
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
