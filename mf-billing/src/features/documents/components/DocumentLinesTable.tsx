import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { centsToText, lineUnitOfProduct, type ProductBrief } from 'contracts';
import { type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { formatCents, VISUALLY_HIDDEN } from 'shared-ui';
import type { DocumentFormValues, LineValues } from '../form-values';
import { useLineTableStyles } from '../hooks/use-line-table-styles';
import { DocumentLineCells, LinesTableHead } from './DocumentLineCells';
import { LineMoveControls } from './LineMoveControls';

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
                <LinesTableHead taxInclusive={taxInclusive} />
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
                        <DocumentLineCells
                          name={field.name}
                          n={n}
                          line={line}
                          taxInclusive={taxInclusive}
                          onProductChosen={(product) => fill(field.name, product)}
                          onProductCleared={() => form.setFieldValue(['lines', field.name, 'productId'], null)}
                        />
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
