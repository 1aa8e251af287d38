import { Form, Input, Select, Space } from 'antd';
import {
  LINE_UNIT_LABELS,
  LINE_UNITS,
  PART_ORIGIN_LABELS,
  PART_ORIGIN_SHORT_LABELS,
  PART_ORIGINS,
  type PartOrigin,
  type ProductBrief,
  TAX_RATE_OPTIONS,
} from 'contracts';
import { VISUALLY_HIDDEN } from 'shared-ui';
import type { LineValues } from '../form-values';
import { useLineTableStyles } from '../hooks/use-line-table-styles';
import { LINE_RULES } from './line-rules';
import { ProductCell } from './ProductCell';

const UNIT_OPTIONS = LINE_UNITS.map((value) => ({ value, label: LINE_UNIT_LABELS[value] }));
const ORIGIN_OPTIONS = PART_ORIGINS.map((value) => ({ value, label: PART_ORIGIN_LABELS[value] }));

const STOCK_OPTIONS = [
  { value: true, label: 'Oui' },
  { value: false, label: 'Non' },
];

/** The header of the lines' table; the price column says whether prices are typed before or with tax. */
export function LinesTableHead({ taxInclusive }: { taxInclusive: boolean }) {
  const styles = useLineTableStyles();
  return (
    <thead>
      <tr>
        <th style={styles.head}>
          <span style={VISUALLY_HIDDEN}>Déplacer</span>
        </th>
        <th style={styles.head}>N°</th>
        <th style={styles.head}>Libellé et produit</th>
        <th style={styles.head}>Quantité</th>
        <th style={{ ...styles.head, whiteSpace: 'normal' }}>
          {taxInclusive ? 'PU TTC et remise' : 'PU HT et remise'}
        </th>
        <th style={styles.head}>Détails et stock</th>
        <th style={styles.head}>TVA</th>
        <th style={{ ...styles.head, textAlign: 'right' }}>Total HT</th>
        <th style={styles.head}>
          <span style={VISUALLY_HIDDEN}>Supprimer</span>
        </th>
      </tr>
    </thead>
  );
}

interface DocumentLineCellsProps {
  /** The line's index in the form's `lines` list. */
  name: number;
  /** Its number on screen, in the fields' accessible names. */
  n: number;
  line: LineValues | undefined;
  taxInclusive: boolean;
  onProductChosen: (product: ProductBrief) => void;
  onProductCleared: () => void;
}

/** The fields of one line of a draft, in their table cells: title and product, quantity, price, details, VAT. */
export function DocumentLineCells({
  name,
  n,
  line,
  taxInclusive,
  onProductChosen,
  onProductCleared,
}: DocumentLineCellsProps) {
  const styles = useLineTableStyles();
  return (
    <>
      {/*
        Two fields a cell, one above the other: the twelve fields of a line fit at 1280 px with the
        quantity, prices, VAT, total and delete button on screen.
      */}
      <td style={{ ...styles.cell, minWidth: 190 }}>
        <Form.Item name={[name, 'title']} rules={LINE_RULES.title} style={{ margin: '0 0 4px' }}>
          <Input aria-label={`Libellé de la ligne ${n}`} maxLength={300} />
        </Form.Item>
        <ProductCell
          productId={line?.productId ?? null}
          currentLabel={line?.details || line?.title || ''}
          label={`Produit de la ligne ${n}`}
          onChosen={onProductChosen}
          onCleared={onProductCleared}
        />
      </td>
      <td style={{ ...styles.cell, width: 170, minWidth: 170 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={[name, 'quantity']} rules={LINE_RULES.quantity} style={{ margin: 0, flex: 1 }}>
            <Input aria-label={`Quantité de la ligne ${n}`} inputMode="decimal" />
          </Form.Item>
          <Form.Item name={[name, 'unit']} style={{ margin: 0 }}>
            <Select aria-label={`Unité de la ligne ${n}`} options={UNIT_OPTIONS} style={{ width: 92 }} />
          </Form.Item>
        </Space.Compact>
      </td>
      <td style={{ ...styles.cell, width: 120, minWidth: 110, maxWidth: 120 }}>
        <Form.Item name={[name, 'unitPrice']} rules={LINE_RULES.unitPrice} style={{ margin: '0 0 4px' }}>
          <Input
            aria-label={`${taxInclusive ? 'Prix unitaire TTC' : 'Prix unitaire HT'} de la ligne ${n}`}
            inputMode="decimal"
            placeholder="0,00"
            suffix="€"
          />
        </Form.Item>
        <Form.Item name={[name, 'remise']} rules={LINE_RULES.remise} style={{ margin: 0 }}>
          <Input aria-label={`Remise de la ligne ${n}`} inputMode="decimal" placeholder="Remise" suffix="%" />
        </Form.Item>
      </td>
      <LineDetailsCell name={name} n={n} labour={line?.unit === 'HUR'} />
      <td style={{ ...styles.cell, width: 96, minWidth: 96 }}>
        <Form.Item name={[name, 'taxRate']} style={{ margin: 0 }}>
          <Select aria-label={`TVA de la ligne ${n}`} options={TAX_RATE_OPTIONS} />
        </Form.Item>
      </td>
    </>
  );
}

/** A line's details, its part's origin (not for labour) and whether it enters the stock. */
function LineDetailsCell({ name, n, labour }: { name: number; n: number; labour: boolean }) {
  const styles = useLineTableStyles();
  return (
    <td style={{ ...styles.cell, width: 170, maxWidth: 170 }}>
      <Form.Item name={[name, 'details']} rules={LINE_RULES.details} style={{ margin: 0 }}>
        <Input aria-label={`Détails de la ligne ${n}`} maxLength={120} />
      </Form.Item>
      {/* Labour has no origin: the choice is offered on the lines counted in pieces. */}
      {labour ? null : (
        <Form.Item name={[name, 'partOrigin']} style={{ margin: '4px 0 0' }}>
          <Select
            aria-label={`Origine de la pièce de la ligne ${n}`}
            options={ORIGIN_OPTIONS}
            allowClear
            placeholder="Origine"
            popupMatchSelectWidth={false}
            labelRender={({ value }) => PART_ORIGIN_SHORT_LABELS[value as PartOrigin] ?? ''}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form.Item name={[name, 'addToStock']} style={{ margin: '4px 0 0' }}>
        <Select
          aria-label={`Ajout au stock de la ligne ${n}`}
          prefix="Stock :"
          options={STOCK_OPTIONS}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </td>
  );
}
