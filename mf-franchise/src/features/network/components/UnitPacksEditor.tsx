import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import {
  centsToText,
  parseEuros,
  publishedPackSchema,
  UNIT_PACKS_DUPLICATE,
  UNIT_PACKS_PUBLISHED,
  UNIT_PACKS_RESET,
  type UnitPack,
} from 'contracts';
import { useFeedback, useSaveAction, zodRule } from 'shared-ui';
import { publishUnitPacks } from '../api/network';

interface PackRow {
  label: string;
  units?: number;
  price: string;
}

const toRow = (pack: UnitPack): PackRow => ({
  label: pack.label,
  units: pack.units,
  price: centsToText(pack.preTaxPrice),
});

const priceRule = {
  validator: (_: unknown, value: string | undefined) => {
    const cents = parseEuros(value ?? '');
    return cents !== undefined && cents > 0
      ? Promise.resolve()
      : Promise.reject(new Error('Un prix HT en euros, par exemple 25,00'));
  },
};

/**
 * The packs of units the franchisor's centres see on "Acheter des unités": edited here, published at once (the
 * server sells them at these prices), or back to the default packs.
 */
export function UnitPacksEditor({
  franchiseId,
  packs,
  custom,
  onPublished,
}: {
  franchiseId: number;
  packs: UnitPack[];
  custom: boolean;
  onPublished: () => void;
}) {
  const [form] = Form.useForm<{ packs: PackRow[] }>();
  const feedback = useFeedback();
  const { saving, run } = useSaveAction();

  const send = async (body: Parameters<typeof publishUnitPacks>[1], done: string) => {
    const saved = await run(() => publishUnitPacks(franchiseId, body), { done });
    if (saved) onPublished();
  };

  const publish = ({ packs: rows }: { packs: PackRow[] }) => {
    if (new Set(rows.map((row) => row.units)).size !== rows.length) {
      feedback.error(UNIT_PACKS_DUPLICATE);
      return;
    }
    const body = {
      packs: rows.map((row) => ({
        label: row.label,
        units: row.units ?? 0,
        preTaxPrice: parseEuros(row.price) ?? 0,
      })),
    };
    void send(body, UNIT_PACKS_PUBLISHED);
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ packs: packs.map(toRow) }} onFinish={publish}>
      <Form.List name="packs">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'label']}
                  label={index === 0 ? 'Nom du pack' : undefined}
                  rules={[zodRule(publishedPackSchema.shape.label)]}
                >
                  <Input aria-label={`Nom du pack ${index + 1}`} maxLength={40} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'units']}
                  label={index === 0 ? 'Unités' : undefined}
                  rules={[zodRule(publishedPackSchema.shape.units)]}
                >
                  <InputNumber
                    aria-label={`Unités du pack ${index + 1}`}
                    min={1}
                    precision={0}
                    style={{ width: 110 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'price']}
                  label={index === 0 ? 'Prix HT (€)' : undefined}
                  rules={[priceRule]}
                >
                  <Input aria-label={`Prix HT du pack ${index + 1}`} inputMode="decimal" style={{ width: 120 }} />
                </Form.Item>
                <Button
                  aria-label={`Retirer le pack ${index + 1}`}
                  icon={<DeleteOutlined />}
                  disabled={fields.length === 1}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: index === 0 ? 30 : 0 }}
                />
              </Space>
            ))}
            <Space wrap>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= 8}
                onClick={() => add({ label: '', price: '' })}
              >
                Ajouter un pack
              </Button>
              <Button type="primary" htmlType="submit" loading={saving}>
                Publier ces packs
              </Button>
              {custom ? (
                <Button disabled={saving} onClick={() => void send({ packs: null }, UNIT_PACKS_RESET)}>
                  Revenir aux packs par défaut
                </Button>
              ) : null}
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}
