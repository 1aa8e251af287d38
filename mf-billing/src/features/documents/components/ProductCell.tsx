import { Flex, Select, Spin, Typography } from 'antd';
import type { ProductBrief } from 'contracts';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formatCents, useDebouncedValue, useFeedback } from 'shared-ui';
import { getProductBrief, searchProducts } from '../api/documents';

/** The choice list stays open this long after the field loses focus (docs/product.md). */
export const PRODUCT_LIST_CLOSE_DELAY_MS = 400;
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

interface ProductCellProps {
  productId: number | null;
  /** What the cell shows for a product chosen earlier (the line's title), before any search. */
  currentLabel: string;
  /** Accessible name, e.g. "Produit de la ligne 2". */
  label: string;
  disabled?: boolean;
  /** The chosen product as GET /product/{id} answered it: the line copies its name, code and price. */
  onChosen: (product: ProductBrief) => void;
  onCleared: () => void;
}

/** A product found, with its price before tax: two products of one name are told apart by it. */
function ProductOption({ label, price }: { label: ReactNode; price?: number }) {
  return (
    <Flex justify="space-between" gap={8}>
      <span>{label}</span>
      {price === undefined ? null : (
        <Typography.Text
          type="secondary"
          style={{ whiteSpace: 'nowrap' }}
        >{`${formatCents(price)} HT`}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The line's product autocomplete: a searchable Select (antd's AutoComplete is not used anywhere else, so it
 * would add to every page's shared antd), searching after a pause in typing. Search failures are only logged
 * (docs/product.md: by the HTTP client); a failed product fetch shows the server's message ("id is not a number",
 * "Produit introuvable").
 */
export function ProductCell({ productId, currentLabel, label, disabled, onChosen, onCleared }: ProductCellProps) {
  const feedback = useFeedback();
  const [term, setTerm] = useState('');
  const debouncedTerm = useDebouncedValue(term.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<{ label: string; value: number; price?: number }[]>([]);
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!debouncedTerm) {
      setOptions([]);
      return;
    }
    let current = true;
    setSearching(true);
    searchProducts(debouncedTerm)
      .then((found) => current && setOptions(found))
      .catch(() => current && setOptions([]))
      .finally(() => current && setSearching(false));
    return () => {
      current = false;
    };
  }, [debouncedTerm]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const choose = async (id: number) => {
    setOpen(false);
    setTerm('');
    try {
      onChosen(await getProductBrief(id));
    } catch (failure) {
      feedback.error(failure);
    }
  };

  // A product chosen before this visit is not among the search results: show it by the line's code or title.
  const shown =
    productId !== null && !options.some((option) => option.value === productId)
      ? [{ value: productId, label: currentLabel || `Produit n° ${productId}` }, ...options]
      : options;

  // rc-select takes Tab while its list is open (it picks the active option and keeps the focus), and this list
  // opens on focus: Tab is the keyboard's way on to the next field, so it leaves here before the Select sees it.
  const leaveOnTab = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    clearTimeout(closeTimer.current);
    setOpen(false);
  };

  return (
    <div onKeyDownCapture={leaveOnTab}>
      <Select<number | null>
        aria-label={label}
        showSearch
        allowClear
        disabled={disabled}
        filterOption={false}
        placeholder="Rechercher un produit"
        value={productId}
        searchValue={term}
        onSearch={(text) => {
          setTerm(text);
          // The Select also clears its search on blur: that must not reopen the list.
          if (text) setOpen(true);
        }}
        options={shown}
        open={open}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setOpen(false), PRODUCT_LIST_CLOSE_DELAY_MS);
        }}
        // Closing is ours: 400 ms after blur, on Escape, or once a product is chosen.
        onOpenChange={(next) => {
          if (next) setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        onSelect={(id) => {
          if (typeof id === 'number') void choose(id);
        }}
        onClear={onCleared}
        notFoundContent={searching ? <Spin size="small" /> : term.trim() ? 'Aucun produit' : 'Tapez pour rechercher'}
        optionRender={(option) => <ProductOption label={option.label} price={option.data.price} />}
        popupMatchSelectWidth={360}
        style={{ width: '100%', minWidth: 180 }}
      />
    </div>
  );
}
