import { Button, Form, Modal } from 'antd';
import {
  DEFAULT_TAX_RATE,
  DOCUMENT_PERMISSIONS,
  DOCUMENT_PICK_GARAGE,
  type DocumentLineBody,
  type QuotationModalProps,
} from 'contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GaragePicker, StatusPanel, useCan, useSession } from 'shared-ui';
import { NEW_DOCUMENT_LABELS } from '../document-labels';
import { type DocumentFormValues, type LineValues, newDocumentValues, rateOrDefault } from '../form-values';
import { useDocumentForm } from '../hooks/use-document-form';
import { DocumentEditor } from './DocumentEditor';

export const QUOTATION_SAVED_TITLE = 'Devis enregistré';

/** A typed amount as the form shows it ("1,5"); `fallback` when nothing is given. */
const text = (value: unknown, fallback: string) =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value).replace('.', ',') : fallback;

/** A prefilled line (the body's shape, euros as typed) as the form holds it. */
export const lineValuesOf = (line: DocumentLineBody, index: number): LineValues => ({
  position: index + 1,
  title: line.title,
  productId: line.productId ?? null,
  quantity: text(line.quantity, '1'),
  unitPrice: text(line.preTaxAmount, ''),
  remise: text(line.remise, '0'),
  details: line.details ?? '',
  addToStock: line.addToStock ?? false,
  taxRate: rateOrDefault(line.taxRate === undefined ? DEFAULT_TAX_RATE : Number(line.taxRate)),
  unit: line.unit ?? 'C62',
  partOrigin: line.partOrigin ?? null,
});

/** A new quote's values with `lines` instead of the one blank line (the blank line when there are none). */
export function prefilledQuoteValues(lines: DocumentLineBody[]): DocumentFormValues {
  const values = newDocumentValues('quotation');
  return lines.length > 0 ? { ...values, lines: lines.map(lineValuesOf) } : values;
}

/**
 * `mf_billing/QuotationModal` (QUOTATION_MODAL_SLOT): a new quote of a folder in the document form, its lines
 * prefilled (the Sidexa search's parts and labour), in a large modal over the page that opened it. Saving creates
 * the quote in the selected garage, calls `onSaved`, and offers to open it.
 */
export default function QuotationModal({ folderId, lines, onClose, onSaved }: QuotationModalProps) {
  const navigate = useNavigate();
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const mayWrite = useCan(DOCUMENT_PERMISSIONS.quotation);
  const [form] = Form.useForm<DocumentFormValues>();
  const [savedId, setSavedId] = useState<number>();
  const { saving, save } = useDocumentForm(undefined, folderId, (id) => {
    setSavedId(id);
    onSaved(id);
  });
  const initialValues = useMemo(() => prefilledQuoteValues(lines), [lines]);

  const body = () => {
    if (savedId !== undefined) {
      return (
        <StatusPanel
          status="success"
          title={QUOTATION_SAVED_TITLE}
          description="Le devis est enregistré en brouillon dans les documents du dossier."
          extra={
            <>
              <Button
                type="primary"
                onClick={() => {
                  onClose();
                  navigate(`/quotation/show/${savedId}`);
                }}
              >
                Ouvrir le devis
              </Button>
              <Button onClick={onClose}>Fermer</Button>
            </>
          }
        />
      );
    }
    if (!mayWrite) return <StatusPanel status="forbidden" title="Vous ne pouvez pas créer de devis" />;
    if (companyId === 0) return <GaragePicker message={DOCUMENT_PICK_GARAGE} />;
    return (
      <DocumentEditor
        form={form}
        initialValues={initialValues}
        isNew
        allowedTypes={['quotation']}
        folderId={folderId}
        folderNumber={null}
        saving={saving}
        onSave={save}
        backHref="/quotation/list/quotation"
        onBack={{ label: 'Annuler', action: onClose }}
      />
    );
  };

  return (
    <Modal
      open
      title={NEW_DOCUMENT_LABELS.quotation}
      width="min(1280px, 96vw)"
      footer={null}
      maskClosable={false}
      onCancel={onClose}
    >
      {body()}
    </Modal>
  );
}
