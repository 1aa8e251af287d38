import { z } from 'zod';

/*
 * The integrity check of a garage's inalterable chain (issue 20; CGI art. 286 I 3° bis): every link recomputed, every
 * record re-read and compared with what its link recorded; the first broken record named.
 */

export const INTEGRITY_PROBLEMS = [
  'record-altered',
  'record-missing',
  'record-unchained',
  'link-altered',
  'link-missing',
  'event-altered',
  'event-missing',
] as const;
export type IntegrityProblemKind = (typeof INTEGRITY_PROBLEMS)[number];
export const INTEGRITY_PROBLEM_LABELS: Record<IntegrityProblemKind, string> = {
  'record-altered': 'Enregistrement modifié après coup',
  'record-missing': 'Enregistrement supprimé',
  'record-unchained': 'Enregistrement absent du chaînage',
  'link-altered': 'Maillon de la chaîne altéré',
  'link-missing': 'Maillon manquant',
  'event-altered': 'Événement du journal altéré',
  'event-missing': 'Événement du journal manquant',
};

/** The technical event log's kinds, as the page names them. */
export const EVENT_KIND_LABELS: Record<string, string> = {
  startup: 'Démarrage',
  reprint: 'Réimpression d’un original',
  export: 'Export',
  'identity-change': 'Changement de l’identité légale',
  'integrity-failure': 'Contrôle d’intégrité en échec',
};

export const ledgerEventSchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;
export const LINK_KIND_LABELS: Record<string, string> = {
  invoice: 'Facture',
  'credit-note': 'Avoir',
  payment: 'Paiement',
};

export const integrityProblemSchema = z.object({
  /** The link's place in the chain (for a missing link: the place it should have). */
  seq: z.number().int(),
  problem: z.enum(INTEGRITY_PROBLEMS),
  kind: z.string().nullable(),
  /** The document's number, or the paid invoice's. */
  reference: z.string().nullable(),
  recordedAt: z.string().nullable(),
  /** What differs between the record as chained and as stored (field names), or what is wrong with the link. */
  differences: z.array(z.string()),
});
export type IntegrityProblem = z.infer<typeof integrityProblemSchema>;

export const integrityReportSchema = z.object({
  companyId: z.number().int(),
  valid: z.boolean(),
  /** Links checked. */
  checked: z.number().int(),
  head: z
    .object({
      seq: z.number().int(),
      hash: z.string(),
      recordedAt: z.string(),
      /** Perpetual grand totals, cents: sales TTC and receipts per method. */
      salesTotal: z.number().int(),
      receipts: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  /** In chain order; the first is the first broken record. At most 100. Then the event log's. */
  problems: z.array(integrityProblemSchema),
  /** Events of the technical log checked, and its last ones (newest first). */
  eventsChecked: z.number().int(),
  events: z.array(ledgerEventSchema),
  checkedAt: z.string(),
  durationMs: z.number().int(),
});
export type IntegrityReport = z.infer<typeof integrityReportSchema>;

export const INTEGRITY_VALID = 'Chaîne intègre : chaque enregistrement est tel qu’il a été chaîné';
export const INTEGRITY_BROKEN = 'Chaîne rompue : des enregistrements ne sont plus tels qu’ils ont été chaînés';
