import { RECOVERY_STAGE_LABELS, RECOVERY_STAGES, type RecoveryEvent, type RecoveryStage } from 'contracts';

/*
 * What only the page says and does, kept with it rather than in contracts: the browser's contracts module is in
 * every page's JS, these only in the recovery page's chunk.
 */

export const RECOVERY_OPENED = 'Facture mise en recouvrement : 1 unité consommée';
export const RECOVERY_STAGE_SAVED = 'Étape du recouvrement enregistrée';
export const RECOVERY_COMMENT_SAVED = 'Commentaire ajouté';
export const RECOVERY_LIST_ERROR = 'Erreur lors du chargement des recouvrements';
export const RECOVERY_EVENTS_ERROR = 'Erreur lors du chargement de l’historique du recouvrement';

/** The stage after `stage` ("Étape suivante"); none after closed. */
export function nextRecoveryStage(stage: RecoveryStage): RecoveryStage | undefined {
  return RECOVERY_STAGES[RECOVERY_STAGES.indexOf(stage) + 1];
}

/** What an event says: "Mise en recouvrement (Relance amiable)", "Relance amiable → Mise en demeure", "Commentaire". */
export function describeRecoveryEvent(event: Pick<RecoveryEvent, 'kind' | 'fromStage' | 'toStage'>): string {
  if (event.kind === 'comment') return 'Commentaire';
  const to = event.toStage ? RECOVERY_STAGE_LABELS[event.toStage] : '—';
  if (event.fromStage === null) return `Mise en recouvrement (${to})`;
  return `${RECOVERY_STAGE_LABELS[event.fromStage]} → ${to}`;
}
