import { Button, Card, Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import type { DocumentType } from 'contracts';
import { useLayoutEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiQuery, useFeedback } from 'shared-ui';
import { getSupplierOptions } from '../api/documents';
import { type DocumentFormValues, type LineValues, liveTotals, newLine, typeOfCode } from '../form-values';
import { useFollowDefaults } from '../hooks/use-follow-defaults';
import { NewInsurerInvoiceNotice } from './DeductibleNotice';
import { DocumentFields } from './DocumentFields';
import { DocumentLinesTable } from './DocumentLinesTable';
import { DocumentTotals } from './DocumentTotals';

export const FORM_INVALID = 'Le document n’est pas enregistré : corrigez les champs signalés.';

interface DocumentEditorProps {
  form: FormInstance<DocumentFormValues>;
  initialValues: DocumentFormValues;
  isNew: boolean;
  /** The type select's choices (a new document): the types the user may write. */
  allowedTypes: DocumentType[];
  folderId: number | null;
  folderNumber: string | null;
  saving: boolean;
  onSave: (values: DocumentFormValues) => Promise<boolean>;
  /** "Retour" goes back to the list of the document's type. */
  backHref: string;
  /** Instead of going to `backHref`: the second button's action and text (the quotation modal's "Annuler"). */
  onBack?: { label: string; action: () => void };
}

/** A draft's form: its fields, its lines, the live totals of what is typed, and "Enregistrer". */
export function DocumentEditor({
  form,
  initialValues,
  isNew,
  allowedTypes,
  folderId,
  folderNumber,
  saving,
  onSave,
  backHref,
  onBack,
}: DocumentEditorProps) {
  const feedback = useFeedback();
  const navigate = useNavigate();
  const typeCode = (Form.useWatch('typeCode', form) as number | undefined) ?? initialValues.typeCode;
  const tax = (Form.useWatch('tax', form) as number | undefined) ?? initialValues.tax;
  const taxInclusive = (Form.useWatch('taxInclusive', form) as boolean | undefined) ?? initialValues.taxInclusive;
  const lines = Form.useWatch('lines', { form, preserve: true }) as LineValues[] | undefined;
  const live = useMemo(
    () => liveTotals(lines ?? initialValues.lines, taxInclusive),
    [lines, initialValues, taxInclusive],
  );
  const billTo = (Form.useWatch('billTo', form) as string | undefined) ?? initialValues.billTo;
  const isPurchase = typeOfCode(typeCode) === 'purchase-order';
  const suppliers = useApiQuery(isPurchase ? 'api/supplier/list?page=1&pageSize=100' : null, getSupplierOptions);

  // The form instance outlives this editor (the page issues with it), and a Form mounting on a used instance keeps
  // its old values over the new initial ones: start from `initialValues`, before the first paint.
  useLayoutEffect(() => form.resetFields(), [form]);

  const followDefaults = useFollowDefaults(form);

  return (
    <Form<DocumentFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      scrollToFirstError
      onValuesChange={followDefaults}
      // Every value, the ones no input shows too (productId, position): onFinish's own values leave them out.
      onFinish={() => void onSave(form.getFieldsValue(true) as DocumentFormValues)}
      onFinishFailed={() => feedback.error(FORM_INVALID)}
    >
      <DocumentFields
        isNew={isNew}
        allowedTypes={allowedTypes}
        folderId={folderId}
        folderNumber={folderNumber}
        suppliers={suppliers.data}
        suppliersLoading={suppliers.isLoading}
      />
      {isNew && typeOfCode(typeCode) === 'invoice' && billTo === 'insurer' ? (
        <NewInsurerInvoiceNotice folderId={folderId} total={live.totals?.totalAmount ?? 0} />
      ) : null}
      <LinesCard
        lineTotals={live.lineTotals}
        taxInclusive={taxInclusive}
        makeLine={(position) => newLine(typeCode, tax, position)}
      />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Form.Item label="Notes (imprimées sur le document)" name="notes">
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={10}>
          <DocumentTotals totals={live.totals} error={live.error} />
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
        <Button onClick={() => (onBack ? onBack.action() : navigate(backHref))}>
          {onBack?.label ?? 'Retour à la liste'}
        </Button>
      </Space>
    </Form>
  );
}

/** The lines of the draft, with how to move one from the keyboard. */
function LinesCard(props: Parameters<typeof DocumentLinesTable>[0]) {
  return (
    <Card
      title="Lignes"
      size="small"
      style={{ marginTop: 16 }}
      extra={<span style={{ fontSize: 12 }}>Déplacez une ligne par sa poignée, ou Alt+↑ / Alt+↓</span>}
    >
      <DocumentLinesTable {...props} />
    </Card>
  );
}
