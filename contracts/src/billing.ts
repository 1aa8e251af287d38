import { z } from 'zod';
import { DEFAULT_TAX_RATE, TAX_RATES } from './billing-amounts';
import { buyerVatProblem } from './company-ids';
import { DOCUMENT_STATUSES } from './document-status';
import { cessionOverrideSchema, insurerMentionsSchema, insurerShareSchema } from './insurer-invoices';
import { parseEuros } from './money';
import { pagedResponseSchema } from './paging';
import { PART_ORIGINS } from './part-origins';
import { PAYMENT_METHODS } from './payment-methods';
import type { Permission } from './permissions';

/*
 * Commercial documents (docs/product.md): quotes, invoices, credit notes and purchase orders of a
 * garage. A document is a draft until issued; issuing gives it its number from a per-company, per-series sequence
 * (chronological, gapless). An issued invoice is never edited or deleted: a credit note that references it corrects
 * it. Amounts are integer cents, recomputed by the server with `documentTotals` (billing-amounts.ts).
 */

export const DOCUMENT_TYPES = ['quotation', 'invoice', 'credit-note', 'purchase-order'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  quotation: 'Devis',
  invoice: 'Facture',
  'credit-note': 'Avoir',
  'purchase-order': 'Bon de commande',
};
export const DOCUMENT_LIST_TITLES: Record<DocumentType, string> = {
  quotation: 'Devis',
  invoice: 'Factures',
  'credit-note': 'Avoirs',
  'purchase-order': 'Bons de commande',
};

/** Who may read and write each type: the permission table's entries of the matching menu items. */
export const DOCUMENT_PERMISSIONS: Record<DocumentType, Permission> = {
  quotation: 'quotes',
  invoice: 'invoices',
  'credit-note': 'creditNotes',
  'purchase-order': 'purchaseOrders',
};

/**
 * The form's type select (docs/product.md: "quantity defaults to -1 when the form's type value is 1, credit-like").
 * Only the credit note is credit-like.
 */
export const DOCUMENT_TYPE_CODES: Record<DocumentType, number> = {
  quotation: 0,
  'credit-note': 1,
  invoice: 2,
  'purchase-order': 3,
};
export const CREDIT_LIKE_TYPE_CODE = 1;
export const defaultLineQuantity = (typeCode: number) => (typeCode === CREDIT_LIKE_TYPE_CODE ? -1 : 1);

/** Prefix of each numbering series (one gapless sequence per company and series). */
export const DOCUMENT_SERIES: Record<DocumentType, string> = {
  quotation: 'DV',
  invoice: 'F',
  'credit-note': 'AV',
  'purchase-order': 'BC',
};
/** "F-2026-00042": series, year of issue, the sequence's number (never reset, so chronological across years). */
export const formatDocumentNumber = (type: DocumentType, year: number, sequence: number) =>
  `${DOCUMENT_SERIES[type]}-${year}-${String(sequence).padStart(5, '0')}`;

/** Whom an invoice bills on a glass folder: the insured customer (deductible) or the insurer (the rest). */
export const BILL_TO = ['customer', 'insurer', 'supplier'] as const;
export type BillTo = (typeof BILL_TO)[number];
export const BILL_TO_LABELS: Record<BillTo, string> = {
  customer: 'Client',
  insurer: 'Assureur',
  supplier: 'Fournisseur',
};

/** Category of operation (e-invoicing reform mention). */
export const OPERATION_CATEGORIES = ['services', 'goods', 'mixed'] as const;
export type OperationCategory = (typeof OPERATION_CATEGORIES)[number];
export const OPERATION_CATEGORY_LABELS: Record<OperationCategory, string> = {
  services: 'Prestation de services',
  goods: 'Livraison de biens',
  mixed: 'Mixte (biens et services)',
};

/** Fixed recovery indemnity owed by a late business customer (Code de commerce L441-10), cents. */
export const RECOVERY_INDEMNITY_CENTS = 4_000;
export const DEFAULT_PAYMENT_TERM_DAYS = 30;
/**
 * A private customer pays on receipt (the counter); a business or an insurer keeps the usual term (Code de commerce
 * L441-10 caps it at 60 days).
 */
export const defaultPaymentTermDays = (buyer: { billTo: BillTo; isBusiness: boolean }) =>
  buyer.billTo === 'customer' && !buyer.isBusiness ? 0 : DEFAULT_PAYMENT_TERM_DAYS;
export const INVOICE_ISSUED_PAID = 'Facture émise acquittée : paiement enregistré';
export const INVOICE_SETTLE_ONLY_INVOICE = 'Seule une facture peut être acquittée à son émission';

// Messages (French, shown as sent by the server).
export const BILLING_DOCUMENT_NOT_FOUND = 'Document introuvable';
export const DOCUMENT_ALREADY_ISSUED = 'Ce document est déjà émis';
export const DOCUMENT_NEEDS_LINES = 'Ajoutez au moins une ligne';
/** An invoice owes money to its garage: what is owed back is a credit note, which cites the invoice it corrects. */
export const INVOICE_NEGATIVE_TOTAL =
  'Le total d’une facture ne peut pas être négatif : pour rembourser ou corriger une facture, créez un avoir depuis celle-ci (« Créer un avoir »).';
export const DOCUMENT_NOT_A_QUOTE = 'Seul un devis peut être transformé en facture';
export const DOCUMENT_ALREADY_INVOICED = 'Ce devis a déjà été facturé';
export const DOCUMENT_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour créer un document';
export const DOCUMENT_FOLDER_UNKNOWN = 'Ce dossier n’existe pas dans ce garage';
export const DOCUMENT_SUPPLIER_REQUIRED = 'Choisissez le fournisseur du bon de commande';
export const DOCUMENT_SUPPLIER_UNKNOWN = 'Ce fournisseur n’existe pas dans ce garage';
export const DOCUMENT_CUSTOMER_REQUIRED = 'Le nom du client est obligatoire';
export const DOCUMENT_DEDUCTIBLE_TOO_HIGH = 'La franchise dépasse le total du devis';
export const DEDUCTIBLE_COVERS_WORK =
  'La franchise couvre tout le montant des travaux : rien n’est à la charge de l’assureur, facturez l’assuré seul';
export const DOCUMENT_DEDUCTIBLE_NEEDS_INSURER = 'La franchise se répartit sur un dossier qui a un assureur';
export const DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER = 'Seul un bon de commande envoyé peut être réceptionné';
export const DOCUMENT_AMOUNT_TOO_HIGH = 'Montant trop élevé pour un document';
export const BILLING_DOCUMENT_SAVED = 'Document enregistré';
export const BILLING_DOCUMENT_ISSUED = 'Document émis';
export const DOCUMENT_LIST_ERROR = 'Erreur lors du chargement des documents';

const decimal2 = (message: string) =>
  z.coerce
    .number({ message })
    .refine((value) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: `${message} (2 décimales au plus)`,
    });

/** An amount typed in euros ("12,50", 12.5) read as integer cents. */
export const eurosSchema = (message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const amount = parseEuros(value);
    if (amount === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return amount;
  });

/** EN 16931 unit codes (UN/ECE Rec. 20) a line is counted in: a piece (C62, "one") or an hour of labour (HUR). */
export const LINE_UNITS = ['C62', 'HUR'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];
export const LINE_UNIT_LABELS: Record<LineUnit, string> = { C62: 'pièce', HUR: 'heure' };
/** A catalogue product's unit as a line's. */
export const lineUnitOfProduct = (unit: 'piece' | 'hour'): LineUnit => (unit === 'hour' ? 'HUR' : 'C62');

/** Suggested reasons for a 0 % line of a garage that charges VAT (CGI 242 nonies A I 10°: the text applied). */
export const VAT_EXEMPTION_REASONS = [
  'Débours : frais engagés au nom et pour le compte du client (art. 267 II 2° du CGI)',
  'Autoliquidation : TVA due par le preneur (art. 283-2 du CGI)',
  'Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire)',
] as const;

export const documentLineBodySchema = z.object({
  title: z.string().trim().min(1, { message: 'Le libellé de la ligne est obligatoire' }).max(300),
  productId: z.number().int().min(1).nullable().default(null),
  quantity: decimal2('La quantité est un nombre')
    .refine((value) => value !== 0, { message: 'La quantité ne peut pas être nulle' })
    .refine((value) => Math.abs(value) <= 100_000, { message: 'Quantité trop grande' }),
  /** Unit price as typed (tax-inclusive when the document is), read as cents. */
  preTaxAmount: eurosSchema('Prix unitaire invalide'),
  remise: decimal2('La remise est un nombre')
    .refine((value) => value >= 0 && value <= 100, { message: 'La remise est comprise entre 0 et 100 %' })
    .default(0),
  /** The product code (or the part reference). */
  details: z.string().trim().max(120).default(''),
  position: z.number().int().min(1),
  addToStock: z.boolean().default(false),
  taxRate: z.coerce
    .number()
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { message: 'Taux de TVA inconnu' })
    .default(DEFAULT_TAX_RATE),
  unit: z.enum(LINE_UNITS, { message: 'Unité inconnue' }).default('C62'),
  partOrigin: z.enum(PART_ORIGINS, { message: 'Origine de pièce inconnue' }).nullable().default(null),
  /** A final invoice's line taking off this issued deposit invoice (kept as the form sends it back). */
  deductsDepositId: z.number().int().min(1).nullable().default(null),
});
export type DocumentLineBody = z.input<typeof documentLineBodySchema>;

export const billingPartySchema = z.object({
  name: z.string().trim().min(1, { message: DOCUMENT_CUSTOMER_REQUIRED }).max(200),
  address: z.string().trim().max(300).default(''),
  postalCode: z.string().trim().max(10).default(''),
  city: z.string().trim().max(120).default(''),
  /** SIREN (9 digits) of a business customer: a reform mention. */
  siren: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{9}$/.test(value.replace(/\s/g, '')), {
      message: 'Le SIREN compte 9 chiffres',
    })
    .default(''),
  vatNumber: z.string().trim().max(20).default(''),
  email: z.string().trim().max(200).default(''),
  /**
   * Where the buyer receives e-invoices when it is not « 0225: » and its SIREN (an insurer's directory entry
   * names it): `0225:SIREN_SUFFIX`, or the identifier alone for scheme 0225.
   */
  einvoicingAddress: z.string().trim().max(130).optional(),
  /** An insurer's claims service, when its invoices go there rather than to the head office: printed beside it. */
  billingAddress: z.string().trim().max(300).optional(),
  /** A business customer owes the 40 € recovery indemnity when late. */
  isBusiness: z.boolean().default(false),
});
export type BillingParty = z.output<typeof billingPartySchema>;

/** A buyer as typed in a document: its French VAT number checked against its SIREN (stored ones are read as they are). */
export const billingPartyBodySchema = billingPartySchema.superRefine((party, context) => {
  const problem = buyerVatProblem(party.vatNumber, party.siren);
  if (problem) context.addIssue({ code: 'custom', path: ['vatNumber'], message: problem });
});

/** `POST /api/quotation/new/{type}` and `PUT /api/quotation/{id}`: the server recomputes every amount. */
export const documentBodySchema = z.object({
  folderId: z.number().int().min(1).nullable().default(null),
  supplierId: z.number().int().min(1).nullable().default(null),
  billTo: z.enum(BILL_TO).default('customer'),
  /** Left empty, the server fills it from the folder (customer or insurer) or the supplier. */
  customer: billingPartyBodySchema.nullable().default(null),
  deliveryAddress: z.string().trim().max(300).default(''),
  operationCategory: z.enum(OPERATION_CATEGORIES).default('mixed'),
  /** The document's default rate ("tax"): new lines take it. */
  tax: z.coerce
    .number()
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { message: 'Taux de TVA inconnu' })
    .default(DEFAULT_TAX_RATE),
  taxInclusive: z.boolean().default(false),
  /** ISO date (YYYY-MM-DD) of the sale or service; defaults to the issue date. */
  saleDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date de vente invalide' })
    .nullable()
    .default(null),
  paymentTermDays: z.number().int().min(0).max(60, { message: 'Délai de paiement : 60 jours au plus' }).default(30),
  notes: z.string().trim().max(2000).default(''),
  /** The buyer's own reference (order, mission or claim number: EN 16931 BT-10); an insurer's defaults to the claim. */
  buyerReference: z
    .string()
    .trim()
    .max(100, { message: 'Référence de l’acheteur : 100 caractères au plus' })
    .default(''),
  /** Why the 0 % lines bear no VAT (required at issue when the garage charges VAT). */
  exemptionReason: z.string().trim().max(200, { message: 'Motif d’exonération : 200 caractères au plus' }).default(''),
  /** Quotes: when the work will be done; printed (« à convenir à l’acceptation du devis » when empty). */
  executionDelay: z.string().trim().max(200, { message: 'Délai d’exécution : 200 caractères au plus' }).default(''),
  /** Quotes: the price of the quote itself, euros TTC typed, cents stored; 0 is a free quote. */
  quoteFee: eurosSchema('Prix du devis invalide')
    .refine((cents) => cents >= 0, { message: 'Le prix du devis ne peut pas être négatif' })
    .default(0),
  lines: z.array(documentLineBodySchema).max(200, { message: '200 lignes au plus' }),
});
export type DocumentBody = z.input<typeof documentBodySchema>;

/**
 * `POST /api/quotation/{id}/issue`: no body (null); or `draft`, what is typed in the draft, saved before it is issued
 * (one call for « Émettre » on an edited draft); `cessionOverride`, the reason to issue an insurer invoice
 * without a signed cession; `settle`, the means by which an invoice is paid in full as it is issued.
 */
export const issueBodySchema = z
  .object({
    draft: documentBodySchema.optional(),
    cessionOverride: cessionOverrideSchema.optional(),
    /** Paid in full at the desk as it is issued: the invoice prints « Acquittée le … par … » (a receipted invoice). */
    settle: z.object({ method: z.enum(PAYMENT_METHODS, { message: 'Moyen de paiement inconnu' }) }).optional(),
  })
  .nullish();
export type IssueBody = z.input<typeof issueBodySchema>;

export const documentLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  productId: z.number().int().nullable(),
  details: z.string(),
  quantity: z.number(),
  /** Cents, as entered. */
  unitPrice: z.number().int(),
  remise: z.number(),
  taxRate: z.number(),
  addToStock: z.boolean(),
  unit: z.enum(LINE_UNITS),
  partOrigin: z.enum(PART_ORIGINS).nullable(),
  deductsDepositId: z.number().int().nullable(),
  /** Pre-tax line total, cents. */
  total: z.number().int(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** What a repair's document prints about the vehicle (arrêté du 2 mars 1990): frozen at issue. */
export const vehicleMentionsSchema = z.object({
  plate: z.string(),
  /** Brand and model. */
  vehicle: z.string(),
  vin: z.string(),
  /** Kilometres on the odometer when the vehicle came in; null when not read. */
  mileage: z.number().int().nullable(),
});
export type VehicleMentions = z.infer<typeof vehicleMentionsSchema>;

export const vatByRateSchema = z.object({ rate: z.number(), base: z.number().int(), tax: z.number().int() });

export const documentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  number: z.string().nullable(),
  companyId: z.number().int(),
  folderId: z.number().int().nullable(),
  folderNumber: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  billTo: z.enum(BILL_TO),
  customer: billingPartySchema,
  deliveryAddress: z.string(),
  operationCategory: z.enum(OPERATION_CATEGORIES),
  tax: z.number(),
  taxInclusive: z.boolean(),
  saleDate: z.string().nullable(),
  paymentTermDays: z.number().int(),
  /** How it was paid in full as it was issued (the counter): its PDF says « Acquittée », its e-invoice « déjà payée ». */
  paidAtIssue: z.enum(PAYMENT_METHODS).nullable(),
  issuedAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  notes: z.string(),
  buyerReference: z.string(),
  exemptionReason: z.string(),
  executionDelay: z.string(),
  /** Quotes: cents TTC, 0 for a free quote. */
  quoteFee: z.number().int(),
  /** A folder's document: the vehicle worked on, read from the folder at issue (a draft shows the folder's now). */
  vehicleMentions: vehicleMentionsSchema.nullable(),
  lines: z.array(documentLineSchema),
  preTaxAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalAmount: z.number().int(),
  vatByRate: z.array(vatByRateSchema),
  /** Invoices: what payments have covered, cents. */
  paidAmount: z.number().int(),
  /** Invoices: what their issued credit notes take off, cents (positive). Due = total − credited − paid. */
  creditedAmount: z.number().int(),
  /** Credit notes: why the invoice is corrected. */
  creditReason: z.string().nullable(),
  /** Insurer invoices: the claim, the insured, the vehicle, the deductible and the cession, frozen at issue. */
  insurerMentions: insurerMentionsSchema.nullable(),
  /** A deposit invoice (facture d'acompte) on its quote (`sourceId`). */
  deposit: z.boolean(),
  /** A deductible invoice: the insurer's share and its invoice, frozen at issue. */
  insurerShare: insurerShareSchema.nullable(),
  /** A deductible split's other invoice (the insured's for an insurer invoice, the insurer's for the insured's). */
  splitPartner: z
    .object({
      id: z.number().int(),
      number: z.string().nullable(),
      status: z.enum(DOCUMENT_STATUSES),
      billTo: z.enum(BILL_TO),
      totalAmount: z.number().int(),
    })
    .nullable(),
  /** The quote an invoice comes from, or the invoice a credit note corrects. */
  sourceId: z.number().int().nullable(),
  sourceNumber: z.string().nullable(),
  /** Documents made from this one (the quote's invoices, the invoice's credit notes). */
  derived: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(DOCUMENT_TYPES),
      number: z.string().nullable(),
      status: z.enum(DOCUMENT_STATUSES),
    }),
  ),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillingDocument = z.infer<typeof documentSchema>;

/** Column keys of the document lists, index = sortField. */
export const DOCUMENT_COLUMNS = [
  'number',
  'createdAt',
  'customer',
  'folder',
  'preTaxAmount',
  'totalAmount',
  'status',
  'platform',
] as const;

export const documentRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string().nullable(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
  customer: z.string(),
  folderId: z.number().int().nullable(),
  folder: z.string().nullable(),
  preTaxAmount: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  creditedAmount: z.number().int(),
  billTo: z.enum(BILL_TO),
  status: z.enum(DOCUMENT_STATUSES),
  /** An invoice's due date, a quote's end of validity (an issued quote past it shows « Expiré »). */
  dueDate: z.string().nullable(),
  /** Where its e-invoice stands on the approved platform: 'queued', a lifecycle code, or null (not sent through it). */
  platformStatus: z.string().nullable(),
  /** Its French label (« Refusée »), '' when not sent through the platform: the list needs no table of labels. */
  platformLabel: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentListResponseSchema = pagedResponseSchema(documentRowSchema);

/** `POST /api/quotation/{id}/invoice`: a deductible (franchise, TTC) splits it into a customer and an insurer invoice. */
export const invoiceFromQuoteBodySchema = z.object({
  deductible: eurosSchema('Montant de franchise invalide').nullable().default(null),
});
export type InvoiceFromQuoteBody = z.input<typeof invoiceFromQuoteBodySchema>;

/** What an invoice still asks of its buyer (negative: a refund owed to them), cents. */
export const invoiceBalance = (document: { totalAmount: number; creditedAmount: number; paidAmount: number }) =>
  document.totalAmount - document.creditedAmount - document.paidAmount;

export const createdDocumentsSchema = z.object({ ids: z.array(z.number().int()) });
export const createdDocumentSchema = z.object({ id: z.number().int() });

/** The folder page's billing block: the folder's documents, every type the user may read. */
export const folderDocumentsResponseSchema = z.object({ data: z.array(documentRowSchema) });

export const documentTypeParamsSchema = z.object({
  type: z.enum(DOCUMENT_TYPES, { message: 'Type de document inconnu' }),
});
export const documentIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de document invalide' }).int().min(1),
});
