import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { centsToText, EXPENSE_CATEGORIES, EXPENSE_SAVED, expenseBodySchema, parisToday, parseEuros } from 'contracts';
import { useEffect, useId, useState } from 'react';
import { DateField, FileField, useCan, useSaveAction, zodRule } from 'shared-ui';
import { addExpense, supplierOptions } from '../api/expenses';

interface Values {
  supplierId?: number;
  supplierName: string;
  label: string;
  category?: string;
  date: string;
  preTaxAmount: string;
  taxAmount: string;
  file?: File;
}

/** A new expense: supplier (the garage's, or typed), amounts, category, date and its receipt (PDF or photo). */
export function ExpenseModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const formId = useId();
  const { saving, run } = useSaveAction();
  const [suppliers, setSuppliers] = useState<{ value: number; label: string }[]>();
  // An accountant records expenses but does not see the supplier list: the supplier is typed, and no call is made
  // that the server would refuse.
  const seesSuppliers = useCan('suppliers');

  useEffect(() => {
    if (!seesSuppliers) return;
    supplierOptions()
      .then(setSuppliers)
      .catch(() => setSuppliers([]));
  }, [seesSuppliers]);

  /** Suggests 20 % VAT from the pre-tax amount while the VAT field is still empty. */
  const suggestTax = (preTax: string) => {
    const cents = parseEuros(preTax);
    if (cents === undefined || form.getFieldValue('taxAmount')) return;
    form.setFieldValue('taxAmount', centsToText(Math.round(cents * 0.2)));
  };

  const save = async ({ file, supplierId, ...values }: Values) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, String(value ?? ''));
    if (supplierId) body.append('supplierId', String(supplierId));
    if (file) body.append('file', file);
    const saved = await run(() => addExpense(body), { done: EXPENSE_SAVED });
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title="Nouvelle dépense"
      okText="Enregistrer"
      cancelText="Annuler"
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={{ date: parisToday(), supplierName: '', label: '', preTaxAmount: '', taxAmount: '' }}
        onFinish={(values) => void save(values)}
      >
        {suppliers?.length ? (
          <Form.Item name="supplierId" label="Fournisseur">
            <Select allowClear showSearch optionFilterProp="label" options={suppliers} placeholder="Choisir" />
          </Form.Item>
        ) : (
          <Form.Item name="supplierName" label="Fournisseur">
            <Input maxLength={200} placeholder="Nom du fournisseur" />
          </Form.Item>
        )}
        <Form.Item name="label" label="Libellé" rules={[zodRule(expenseBodySchema.shape.label)]}>
          <Input maxLength={200} placeholder="Ex. Pare-brise Clio V" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="category" label="Catégorie" rules={[zodRule(expenseBodySchema.shape.category)]}>
              <Select options={EXPENSE_CATEGORIES.map((category) => ({ value: category, label: category }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="date" label="Date" rules={[zodRule(expenseBodySchema.shape.date)]}>
              <DateField max={parisToday()} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="preTaxAmount"
              label="Montant HT (€)"
              rules={[zodRule(expenseBodySchema.shape.preTaxAmount)]}
            >
              <Input inputMode="decimal" placeholder="0,00" onBlur={(event) => suggestTax(event.target.value)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="taxAmount" label="TVA (€)" rules={[zodRule(expenseBodySchema.shape.taxAmount)]}>
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="file" label="Justificatif (PDF, JPEG ou PNG, 16 Mo au plus)">
          <FileField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
