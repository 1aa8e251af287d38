import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, theme } from 'antd';
import {
  centsToText,
  LINE_UNIT_LABELS,
  LINE_UNITS,
  lineUnitOfProduct,
  PART_ORIGIN_LABELS,
  PART_ORIGINS,
  type ProductBrief,
  TAX_RATE_OPTIONS,
} from 'contracts';
import { type CSSProperties, type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { formatCents, VISUALLY_HIDDEN } from 'shared-ui';
import type { DocumentFormValues, LineValues } from '../form-values';
import { LineMoveControls } from './LineMoveControls';
import { LINE_RULES } from './line-rules';
import { ProductCell } from './ProductCell';

const UNIT_OPTIONS = LINE_UNITS.map((value) => ({ value, label: LINE_UNIT_LABELS[value] }));
const ORIGIN_OPTIONS = PART_ORIGINS.map((value) => ({ value, label: PART_ORIGIN_LABELS[value] }));

const STOCK_OPTIONS = [
  { value: true, label: 'Oui' },
  { value: false, label: 'Non' },
];

/** The lines' table look, shared with the read-only view: a plain table, antd's Table is not needed for it. */
export function useLineTableStyles() {
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    verticalAlign: 'top',
    textAlign: 'left',
  };
  return {
    table: { width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize } as CSSProperties,
    head: { ...cell, background: token.colorFillAlter, fontWeight: 600, whiteSpace: 'nowrap' } as CSSProperties,
    cell,
    amount: { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as CSSProperties,
    dropTarget: { boxShadow: `inset 0 2px 0 ${token.colorPrimary}` } as CSSProperties,
  };
}

interface DocumentLinesTableProps {
  /** Pre-tax total of each line (cents) from the live totals; undefined when it cannot be computed. */
  lineTotals: (number | undefined)[];
  taxInclusive: boolean;
  /** A new line with the document's current defaults (type and rate). */
  makeLine: (position: number) => LineValues;
}

/**
 * The editable lines of a draft, inside the document's Form (`lines`). Lines move by dragging their handle
 * (native HTML5 drag events: no drag-and-drop library in the bundle), with Alt+↑/Alt+↓ on the focused handle,
 * or with the up/down buttons; each move is announced, and positions are renumbered 1..n in visible order.
 */
export function DocumentLinesTable({ lineTotals, taxInclusive, makeLine }: DocumentLinesTableProps) {
  const form = Form.useFormInstance<DocumentFormValues>();
  // preserve: the watched lines include the fields no input shows (position, productId).
  const lines = Form.useWatch('lines', { form, preserve: true }) as LineValues[] | undefined;
  const styles = useLineTableStyles();
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number>();
  const [dropAt, setDropAt] = useState<number>();
  const handles = useRef(new Map<number, HTMLElement>());
  const focusAfterMove = useRef<number>();

  // React moves the row's DOM node, which drops the focus: give it back to the moved line's handle.
  useLayoutEffect(() => {
    if (focusAfterMove.current === undefined) return;
    handles.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = undefined;
  });

  const renumber = () => {
    const current = (form.getFieldValue('lines') ?? []) as LineValues[];
    for (let index = 0; index < current.length; index += 1) {
      form.setFieldValue(['lines', index, 'position'], index + 1);
    }
  };

  const fill = (name: number, product: ProductBrief) => {
    const rate = form.getFieldValue(['lines', name, 'taxRate']) as number;
    // The catalogue's price is before tax; a tax-inclusive document is typed with the line's VAT in it.
    const price = taxInclusive ? Math.round((product.price * (100 + rate)) / 100) : product.price;
    const path = (field: keyof LineValues) => ['lines', name, field] as ['lines', number, keyof LineValues];
    form.setFields([
      { name: path('productId'), value: product.id, touched: true },
      { name: path('title'), value: product.name, errors: [], touched: true },
      { name: path('details'), value: product.productCode ?? '', errors: [], touched: true },
      { name: path('unitPrice'), value: centsToText(price), errors: [], touched: true },
      { name: path('unit'), value: lineUnitOfProduct(product.unit), touched: true },
    ]);
  };

  const preventEnterSubmit = (event: KeyboardEvent<HTMLTableElement>) => {
    // Enter in a line's field would submit the whole document: a line is not a form of its own.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <Form.List name="lines">
      {(fields, { add, remove, move }) => {
        const count = fields.length;
        const moveLine = (from: number, to: number, focusKey?: number) => {
          if (from === to || to < 0 || to >= count) return;
          move(from, to);
          renumber();
          focusAfterMove.current = focusKey;
          const title = (form.getFieldValue(['lines', to, 'title']) as string | undefined)?.trim();
          setAnnouncement(`Ligne « ${title || 'sans libellé'} » déplacée en position ${to + 1} sur ${count}.`);
        };
        const endDrag = () => {
          setDragFrom(undefined);
          setDropAt(undefined);
        };
        const rowDragProps = (index: number) => ({
          onDragOver: (event: DragEvent) => {
            if (dragFrom === undefined) return;
            event.preventDefault();
            if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
            if (dropAt !== index) setDropAt(index);
          },
          onDrop: (event: DragEvent) => {
            if (dragFrom === undefined) return;
            event.preventDefault();
            moveLine(dragFrom, index);
            endDrag();
          },
        });

        return (
          <>
            {/* Relative: the screen-reader-only texts (absolute) stay inside the scroller, not past the page's edge. */}
            <div style={{ overflowX: 'auto', position: 'relative' }}>
              <table style={styles.table} onKeyDown={preventEnterSubmit} aria-label="Lignes du document">
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
                <tbody>
                  {fields.map((field, index) => {
                    const n = index + 1;
                    const line = lines?.[index];
                    const total = lineTotals[index];
                    return (
                      <tr
                        key={field.key}
                        data-testid="document-line"
                        style={dropAt === index && dragFrom !== index ? styles.dropTarget : undefined}
                        {...rowDragProps(index)}
                      >
                        <td style={styles.cell}>
                          <LineMoveControls
                            index={index}
                            count={count}
                            handleRef={(element) => {
                              if (element) handles.current.set(field.key, element);
                              else handles.current.delete(field.key);
                            }}
                            onMove={(to, byKeyboard) => moveLine(index, to, byKeyboard ? field.key : undefined)}
                            onDragStart={() => setDragFrom(index)}
                            onDragEnd={endDrag}
                          />
                        </td>
                        <td style={styles.cell} data-testid="line-position">
                          {line?.position ?? n}
                        </td>
                        {/*
                          Two fields a cell, one above the other: the twelve fields of a line fit at 1280 px with the
                          quantity, prices, VAT, total and delete button on screen (issue 21).
                        */}
                        <td style={{ ...styles.cell, minWidth: 190 }}>
                          <Form.Item
                            name={[field.name, 'title']}
                            rules={LINE_RULES.title}
                            style={{ margin: '0 0 4px' }}
                          >
                            <Input aria-label={`Libellé de la ligne ${n}`} maxLength={300} />
                          </Form.Item>
                          <ProductCell
                            productId={line?.productId ?? null}
                            currentLabel={line?.details || line?.title || ''}
                            label={`Produit de la ligne ${n}`}
                            onChosen={(product) => fill(field.name, product)}
                            onCleared={() => form.setFieldValue(['lines', field.name, 'productId'], null)}
                          />
                        </td>
                        <td style={{ ...styles.cell, width: 150, minWidth: 150 }}>
                          <Space.Compact style={{ width: '100%' }}>
                            <Form.Item
                              name={[field.name, 'quantity']}
                              rules={LINE_RULES.quantity}
                              style={{ margin: 0, flex: 1 }}
                            >
                              <Input aria-label={`Quantité de la ligne ${n}`} inputMode="decimal" />
                            </Form.Item>
                            <Form.Item name={[field.name, 'unit']} style={{ margin: 0 }}>
                              <Select
                                aria-label={`Unité de la ligne ${n}`}
                                options={UNIT_OPTIONS}
                                style={{ width: 76 }}
                              />
                            </Form.Item>
                          </Space.Compact>
                        </td>
                        <td style={{ ...styles.cell, width: 120, minWidth: 110, maxWidth: 120 }}>
                          <Form.Item
                            name={[field.name, 'unitPrice']}
                            rules={LINE_RULES.unitPrice}
                            style={{ margin: '0 0 4px' }}
                          >
                            <Input
                              aria-label={`${taxInclusive ? 'Prix unitaire TTC' : 'Prix unitaire HT'} de la ligne ${n}`}
                              inputMode="decimal"
                              placeholder="0,00"
                              suffix="€"
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'remise']} rules={LINE_RULES.remise} style={{ margin: 0 }}>
                            <Input
                              aria-label={`Remise de la ligne ${n}`}
                              inputMode="decimal"
                              placeholder="Remise"
                              suffix="%"
                            />
                          </Form.Item>
                        </td>
                        <td style={{ ...styles.cell, width: 170, maxWidth: 170 }}>
                          <Form.Item name={[field.name, 'details']} rules={LINE_RULES.details} style={{ margin: 0 }}>
                            <Input aria-label={`Détails de la ligne ${n}`} maxLength={120} />
                          </Form.Item>
                          {/* Labour has no origin: the choice is offered on the lines counted in pieces. */}
                          {line?.unit === 'HUR' ? null : (
                            <Form.Item name={[field.name, 'partOrigin']} style={{ margin: '4px 0 0' }}>
                              <Select
                                aria-label={`Origine de la pièce de la ligne ${n}`}
                                options={ORIGIN_OPTIONS}
                                allowClear
                                placeholder="Origine de la pièce"
                                popupMatchSelectWidth={false}
                                style={{ width: '100%' }}
                              />
                            </Form.Item>
                          )}
                          <Form.Item name={[field.name, 'addToStock']} style={{ margin: '4px 0 0' }}>
                            <Select
                              aria-label={`Ajout au stock de la ligne ${n}`}
                              prefix="Au stock :"
                              options={STOCK_OPTIONS}
                              style={{ width: '100%' }}
                            />
                          </Form.Item>
                        </td>
                        <td style={{ ...styles.cell, width: 96, minWidth: 96 }}>
                          <Form.Item name={[field.name, 'taxRate']} style={{ margin: 0 }}>
                            <Select aria-label={`TVA de la ligne ${n}`} options={TAX_RATE_OPTIONS} />
                          </Form.Item>
                        </td>
                        <td style={styles.amount} data-testid="line-total">
                          {total === undefined ? '—' : formatCents(total)}
                        </td>
                        <td style={styles.cell}>
                          <Button
                            type="text"
                            danger
                            size="small"
                            icon={<DeleteOutlined />}
                            aria-label={`Supprimer la ligne ${n}`}
                            onClick={() => {
                              remove(field.name);
                              renumber();
                              setAnnouncement(`Ligne ${n} supprimée.`);
                            }}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div aria-live="polite" style={VISUALLY_HIDDEN}>
              {announcement}
            </div>
            <Button icon={<PlusOutlined />} style={{ marginTop: 12 }} onClick={() => add(makeLine(count + 1))}>
              Ajouter une ligne
            </Button>
          </>
        );
      }}
    </Form.List>
  );
}
