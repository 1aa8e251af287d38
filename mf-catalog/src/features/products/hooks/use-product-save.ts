import { PRODUCT_SAVED, type ProductBody } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';
import { productPath, saveProduct } from '../api/products';

/**
 * Saves the product of the form (`id` 0: a new one), then goes back to the list. The server answers the product as
 * stored: opened again, its page shows it with no second read. The lists that show products (the catalogue, the
 * stock) are read again. A refusal leaves the form as typed.
 */
export function useProductSave(id: number) {
  const navigate = useNavigate();
  const { saving, run } = useSaveAction();
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const save = async (values: ProductBody) => {
    const saved = await run(
      async () => {
        const product = await saveProduct(id, values);
        store(productPath(product.id), product);
        void invalidate('api/product/list', 'api/stock/list');
      },
      { done: PRODUCT_SAVED },
    );
    if (saved) navigate('/product/list');
  };
  return { saving, save };
}
