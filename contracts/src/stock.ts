import { z } from 'zod';
import { parseEuros } from './money';
import { pagedResponseSchema } from './paging';

/*
 * Stock per garage and product (docs/product.md "Stocks"): quantities change only through
 * movements, each one atomic; the value is the weighted average purchase price (PMP) in cents.
 */

export const STOCK_MOVEMENT_KINDS = ['reception', 'adjustment', 'document_line', 'invoice'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  reception: 'Réception fournisseur',
  adjustment: 'Ajustement d’inventaire',
  document_line: 'Ligne de document « ajouter au stock »',
  invoice: 'Consommation par une facture',
};
export const STOCK_INSUFFICIENT = 'Stock insuffisant : la quantité ne peut pas devenir négative';
export const STOCK_NOT_TRACKED = 'Ce produit n’est pas suivi en stock';
export const STOCK_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour gérer son stock';
export const STOCK_SAVED = 'Mouvement de stock enregistré';
export const STOCK_LIST_ERROR = 'Erreur lors du chargement du stock';

/** Column keys of the stock list, index = sortField. */
export const STOCK_COLUMNS = ['name', 'productCode', 'quantity', 'threshold', 'averageCost', 'value', 'state'] as const;
export const STOCK_STATES = { ok: 'En stock', low: 'Stock bas', out: 'Rupture' } as const;
export type StockState = keyof typeof STOCK_STATES;

export const stockRowSchema = z.object({
  /** The product's id: one row per stock-tracked product the garage may sell. */
  id: z.number().int(),
  name: z.string(),
  productCode: z.string().nullable(),
  quantity: z.number().int(),
  threshold: z.number().int(),
  /** Weighted average purchase price, cents. */
  averageCost: z.number().int(),
  /** quantity × average cost, cents. */
  value: z.number().int(),
  state: z.enum(['ok', 'low', 'out']),
});
export type StockRow = z.infer<typeof stockRowSchema>;
export const stockListResponseSchema = pagedResponseSchema(stockRowSchema);

/** `POST /api/stock/movements`: a reception (quantity > 0, unit cost) or an adjustment (signed, with its reason). */
export const stockMovementBodySchema = z
  .object({
    productId: z.number().int().min(1),
    kind: z.enum(['reception', 'adjustment'], { message: 'Choisissez le type de mouvement' }),
    quantity: z
      .number({ message: 'La quantité est obligatoire' })
      .int({ message: 'La quantité est un nombre entier' })
      .refine((value) => value !== 0, { message: 'La quantité ne peut pas être nulle' })
      .refine((value) => Math.abs(value) <= 100_000, { message: 'Quantité trop grande' }),
    /** Reception: unit purchase price as typed ("12,50"). */
    unitCost: z.union([z.string(), z.number()]).optional(),
    reason: z.string().trim().max(200, { message: '200 caractères au plus' }).default(''),
    reference: z.string().trim().max(60, { message: '60 caractères au plus' }).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'reception') {
      if (body.quantity < 0)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Une réception ajoute au stock' });
      const cost = body.unitCost === undefined || body.unitCost === '' ? undefined : parseEuros(body.unitCost);
      if (cost === undefined || cost < 0) {
        ctx.addIssue({ code: 'custom', path: ['unitCost'], message: 'Le prix d’achat unitaire HT est obligatoire' });
      }
    } else if (!body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Indiquez la raison de l’ajustement' });
    }
  });
export type StockMovementBody = z.input<typeof stockMovementBodySchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  quantity: z.number().int(),
  unitCost: z.number().int().nullable(),
  reason: z.string(),
  reference: z.string(),
  quantityAfter: z.number().int(),
  user: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListSchema = z.array(stockMovementSchema);

export const stockThresholdBodySchema = z.object({
  threshold: z.number().int().min(0, { message: 'Le seuil est un nombre positif' }).max(100_000),
});

/** The answer of a movement: the quantity now in stock. */
export const stockMovedSchema = z.object({ quantity: z.number().int() });
