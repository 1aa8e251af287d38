/*
 * The lifecycle of an e-invoice (« cycle de vie », XP Z12-012): the statuses and the reasons the French rules
 * BR-FR-CDV accept (FNFE-MPE schematron 1.4.0, lists CL-06 and CL-09). api/…/lifecycle/cdar.ts writes and reads them.
 */
/** The statuses of the reform, from the list the French rules check (BR-FR-CDV-CL-06). */
export const LIFECYCLE_STATUSES = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '206': 'Approuvée partiellement',
  '207': 'En litige',
  '208': 'Suspendue',
  '209': 'Complétée',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
  '214': 'Visée',
  '220': 'Annulée',
  '221': 'Erreur de routage',
  '224': 'Demande de paiement direct',
  '225': 'Affacturée',
  '226': 'Affacturée confidentiel',
  '227': 'Changement de compte à payer',
  '228': 'Non affacturée',
  '501': 'Irrecevable',
} as const satisfies Record<string, string>;
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES;

/** The reasons a status may carry, the closed list of BR-FR-CDV-CL-09 (which ones fit which status: same rule). */
export const LIFECYCLE_REASONS = {
  RETRAIT_MAN_SERV: 'Retrait manuel par le service (B2G)',
  ST_CT_NON_DECLAR: 'Sous-traitant ou cotraitant non déclaré (B2G)',
  SUPPR_COMP_AVOIR: 'Suppression pour compensation d’avoirs (B2G)',
  TRANSF_PMNT_REGIE: 'Transfert pour paiement en régie (B2G)',
  CONTACT_ACHTR: 'Autre : contacter l’acheteur (B2G)',
  NON_TRANSMISE: 'Destinataire non connecté',
  JUSTIF_ABS: 'Justificatif absent ou insuffisant',
  ROUTAGE_ERR: 'Erreur de routage',
  AUTRE: 'Autre',
  COORD_BANC_ERR: 'Erreur de coordonnées bancaires',
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul de la facture',
  NON_CONFORME: 'Mention légale manquante',
  DOUBLON: 'Facture en doublon (déjà émise ou reçue)',
  DEST_INC: 'Destinataire inconnu',
  DEST_ERR: 'Erreur de destinataire',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facturation',
  CMD_ERR: 'Numéro de commande incorrect ou manquant',
  ADR_ERR: 'Adresse de facturation électronique erronée',
  SIRET_ERR: 'SIRET erroné ou absent',
  CODE_ROUTAGE_ERR: 'Code de routage absent ou erroné',
  REF_CT_ABSENT: 'Référence contractuelle nécessaire au traitement manquante',
  REF_ERR: 'Référence incorrecte',
  PU_ERR: 'Prix unitaires incorrects',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité facturée incorrecte',
  ART_ERR: 'Article facturé incorrect',
  MODPAI_ERR: 'Modalités de paiement incorrectes',
  QUALITE_ERR: 'Qualité d’article livré incorrecte',
  LIVR_INCOMP: 'Problème de livraison',
  REJ_SEMAN: 'Rejet pour erreur sémantique',
  REJ_UNI: 'Rejet sur contrôle d’unicité',
  REJ_COH: 'Rejet sur contrôle de cohérence des données',
  REJ_ADR: 'Rejet sur contrôle d’adressage',
  REJ_CONT_B2G: 'Rejet sur contrôles métier B2G',
  REJ_REF_PJ: 'Rejet sur référence de pièce jointe',
  REJ_ASS_PJ: 'Rejet sur erreur d’association de la pièce jointe',
  IRR_VIDE_F: 'Fichier du flux vide',
  IRR_TYPE_F: 'Type ou extension de fichier du flux refusé',
  IRR_SYNTAX: 'Erreur de syntaxe d’un fichier du flux',
  IRR_TAILLE_PJ: 'Pièce jointe trop volumineuse',
  IRR_NOM_PJ: 'Nom de pièce jointe invalide (caractères interdits)',
  IRR_VID_PJ: 'Pièce jointe vide',
  IRR_EXT_DOC: 'Extension de pièce jointe refusée',
  IRR_TAILLE_F: 'Fichier du flux trop volumineux',
  IRR_ANTIVIRUS: 'Contrôle antivirus en échec',
  IRR_NOM_F: 'Nom de fichier du flux invalide',
} as const satisfies Record<string, string>;
export type LifecycleReason = keyof typeof LIFECYCLE_REASONS;

/** Where an issued document stands on the platform (`billing_documents.platform_status`): queued, or a lifecycle code. */
export const platformStatusLabel = (status: string | null): string =>
  status === null
    ? ''
    : status === 'queued'
      ? 'En file d’envoi'
      : ((LIFECYCLE_STATUSES as Record<string, string>)[status] ?? `Statut ${status}`);
