import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import { requiredChoice } from '../forms/zod-rule';
import { FileField } from './FileField';
import { installUploadGuard } from './upload-guard';

export type UploadMode = 'invoice' | 'select' | 'document';

export const INVOICE_TYPE = 'Facture';
export const DEFAULT_DOCUMENT_TYPES = [INVOICE_TYPE, 'Devis', 'Photo', 'Carte grise', 'Constat', 'Autre'];
export const INVOICE_TITLE = 'Ajouter ma propre facture';
export const DOCUMENT_TITLE = 'Ajouter un nouveau document';

/** The invoice fields exist in invoice mode, or in select mode while "Facture" is chosen. */
export function isInvoiceUpload(mode: UploadMode, typeFile: string | undefined): boolean {
  return mode === 'invoice' || (mode === 'select' && typeFile === INVOICE_TYPE);
}

export interface UploadValues {
  nameFileDoc?: string;
  typeFile?: string;
  numberInvoice?: string;
  priceInvoice?: number;
  files?: File;
}

export interface UploadModalProps {
  open: boolean;
  mode: UploadMode;
  onCancel: () => void;
  /**
   * Receives the multipart body: nameFileDoc, typeFile, numberInvoice, priceInvoice (invoices only), files.
   * Resolving empties the form; resolving false (useSaveAction's answer to a refusal) or rejecting, after telling
   * the user why, keeps what was typed and chosen.
   */
  onSubmit: (body: FormData) => unknown;
  /** Choices of the type selector (select and document modes). */
  documentTypes?: string[];
  /** Type preselected in select mode (default "Facture"). */
  initialType?: string;
}

/** "Ajouter ma propre facture" / "Ajouter un nouveau document" (docs/product.md). */
export function UploadModal({
  open,
  mode,
  onCancel,
  onSubmit,
  documentTypes = DEFAULT_DOCUMENT_TYPES,
  initialType = INVOICE_TYPE,
}: UploadModalProps) {
  const [form] = Form.useForm<UploadValues>();
  const [submitting, setSubmitting] = useState(false);
  const formId = useId();
  const watchedType = Form.useWatch('typeFile', form);
  const startType = mode === 'invoice' ? INVOICE_TYPE : mode === 'select' ? initialType : undefined;
  const typeFile = watchedType ?? startType;
  const invoice = isInvoiceUpload(mode, typeFile);
  const typeOptions = (mode === 'document' ? documentTypes.filter((type) => type !== INVOICE_TYPE) : documentTypes).map(
    (type) => ({ value: type, label: type }),
  );

  // The rule is global (every addFiles input); the modal makes sure it is on even in a standalone remote.
  useEffect(() => {
    installUploadGuard(document);
  }, []);

  const submit = async (values: UploadValues) => {
    const body = new FormData();
    body.append('nameFileDoc', values.nameFileDoc ?? '');
    body.append('typeFile', mode === 'invoice' ? INVOICE_TYPE : (values.typeFile ?? ''));
    if (invoice) {
      body.append('numberInvoice', values.numberInvoice ?? '');
      body.append('priceInvoice', String(values.priceInvoice ?? ''));
    }
    if (values.files) body.append('files', values.files);
    setSubmitting(true);
    try {
      if ((await onSubmit(body)) !== false) form.resetFields();
    } catch {
      // Refused or cancelled: the caller has said why; the fields and the file stay for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={invoice ? INVOICE_TITLE : DOCUMENT_TITLE}
      okText="Enregistrer"
      cancelText="Annuler"
      onCancel={onCancel}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: submitting }}
      destroyOnHidden
    >
      <Form<UploadValues>
        id={formId}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ typeFile: startType }}
      >
        <Form.Item name="nameFileDoc" label="Nom du document">
          <Input placeholder="Ex. Facture pare-brise AB-123-CD" />
        </Form.Item>
        {mode === 'invoice' ? null : (
          <Form.Item
            name="typeFile"
            label="Type de document"
            rules={[requiredChoice('Choisissez le type de document')]}
          >
            <Select options={typeOptions} placeholder="Choisir un type" />
          </Form.Item>
        )}
        {invoice ? (
          <>
            <Form.Item
              name="numberInvoice"
              label="Numéro de facture"
              rules={[{ required: true, message: 'Le numéro de facture est obligatoire' }]}
            >
              <Input placeholder="Ex. F-2024-0142" />
            </Form.Item>
            <Form.Item
              name="priceInvoice"
              label="Montant de la facture (€)"
              rules={[{ required: true, message: 'Le montant de la facture est obligatoire' }]}
            >
              <InputNumber min={0} step={0.01} decimalSeparator="," style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="files"
          label="Fichier (16 Mo maximum)"
          rules={[{ required: true, message: 'Le fichier est obligatoire' }]}
        >
          <FileField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
