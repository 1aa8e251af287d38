import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { STOCK_MOVEMENT_LABELS, STOCK_SAVED, type StockMovementBody, type StockRow } from 'contracts';
import { useSaveAction } from 'shared-ui';
import { moveStock, saveThreshold } from '../api/stock';

type Values = Omit<StockMovementBody, 'productId'> & { threshold: number };

/** A reception (quantity and unit cost) or an adjustment (signed quantity and reason), and the alert threshold. */
export function StockMovementModal({
  row,
  onClose,
  onSaved,
}: {
  row: StockRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaveAction();
  const kind = Form.useWatch('kind', form) ?? 'reception';

  const save = async ({ threshold, ...movement }: Values) => {
    const saved = await run(
      async () => {
        if (threshold !== row.threshold) await saveThreshold(row.id, threshold);
        if (movement.quantity) await moveStock({ ...movement, productId: row.id });
      },
      { done: STOCK_SAVED },
    );
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title={`Stock : ${row.name}`}
      okText="Enregistrer"
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          kind: 'reception',
          quantity: undefined,
          unitCost: '',
          reason: '',
          reference: '',
          threshold: row.threshold,
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="kind" label="Mouvement">
          <Radio.Group
            options={(['reception', 'adjustment'] as const).map((value) => ({
              value,
              label: STOCK_MOVEMENT_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={kind === 'reception' ? 'Quantité reçue' : 'Quantité (négative pour une sortie)'}
          extra={`En stock : ${row.quantity}`}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'reception' ? (
          <>
            <Form.Item name="unitCost" label="Prix d’achat unitaire HT (€)">
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
            <Form.Item name="reference" label="Bon de livraison">
              <Input maxLength={60} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label="Raison de l’ajustement">
            <Input maxLength={200} placeholder="Inventaire, casse, retour fournisseur…" />
          </Form.Item>
        )}
        <Form.Item name="threshold" label="Seuil d’alerte (stock bas à partir de)">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
