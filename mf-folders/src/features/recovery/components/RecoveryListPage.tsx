import { Button, Flex, Select, Tooltip } from 'antd';
import {
  RECOVERY_STAGE_LABELS,
  RECOVERY_STAGES,
  RECOVERY_TAB_COLUMN,
  RECOVERY_UNIT_COST,
  type RecoveryRow,
  type RecoveryStage,
} from 'contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  PageHeader,
  redirectOf,
  refreshBalance,
  ServerTable,
  useFeedback,
  useInvalidate,
  useSaveAction,
  useSession,
} from 'shared-ui';
import { moveRecoveryStage, openRecovery, recoveryFetcher } from '../api/recovery';
import { nextRecoveryStage, RECOVERY_LIST_ERROR, RECOVERY_OPENED, RECOVERY_STAGE_SAVED } from '../lib/labels';
import { CommentModal } from './CommentModal';
import { recoveryColumns, recoveryTabs } from './columns';
import { HistoryDrawer } from './HistoryDrawer';

type Recovery = RecoveryRow & { recoveryId: number };
const isRecovery = (row: RecoveryRow): row is Recovery => row.recoveryId !== null;
const STAGE_OPTIONS = RECOVERY_STAGES.map((stage) => ({ value: stage, label: RECOVERY_STAGE_LABELS[stage] }));

/**
 * /recovery/list/all "Recouvrements": the selected garage's (or, with TOUT, all its garages') overdue unpaid
 * invoices and those under recovery, by tab. "Mettre en recouvrement" costs one unit; stages, comments and the
 * steps' history follow.
 */
export function RecoveryListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  // A recovery opened, moved or commented: the list (which keeps its tab, search and sort) and the steps' history
  // read again.
  const recoveriesChanged = () => void invalidate('api/recovery');
  // Keyed by invoice: only the row whose button was clicked spins.
  const { isSaving, run } = useSaveAction();
  const [commenting, setCommenting] = useState<Recovery>();
  const [reading, setReading] = useState<Recovery>();

  /** No unit left: the refusal names where to buy some. Its message is shown all the same (false). */
  const followRedirect = (error: unknown) => {
    const redirect = redirectOf(error);
    if (redirect?.startsWith('/')) navigate(redirect);
    else if (redirect) window.location.assign(redirect);
    return false;
  };

  const putUnderRecovery = async (row: RecoveryRow) => {
    const confirmed = await feedback.confirm({
      title: 'Mettre en recouvrement',
      content: `La facture ${row.documentNumber} passe en relance amiable. Cette action consomme ${RECOVERY_UNIT_COST} unité.`,
      okText: 'Mettre en recouvrement',
    });
    if (!confirmed) return;
    await run(
      async () => {
        await openRecovery(row.documentId);
        recoveriesChanged();
        // UNITÉS follows without a reload.
        await refreshBalance().catch(() => undefined);
      },
      { key: row.documentId, done: RECOVERY_OPENED, onRefused: followRedirect },
    );
  };

  const moveTo = async (row: Recovery, stage: RecoveryStage) => {
    const done = `${RECOVERY_STAGE_SAVED} : ${RECOVERY_STAGE_LABELS[stage]}`;
    if (await run(() => moveRecoveryStage(row.recoveryId, stage), { key: row.documentId, done })) recoveriesChanged();
  };

  const actions = (row: RecoveryRow) => {
    const loading = isSaving(row.documentId);
    if (!isRecovery(row)) {
      return (
        <Button
          size="small"
          type="primary"
          loading={loading}
          onClick={() => void putUnderRecovery(row)}
          aria-label={`Mettre en recouvrement la facture ${row.documentNumber}`}
        >
          Mettre en recouvrement
        </Button>
      );
    }
    const stage = row.stage ?? 'amiable';
    const next = row.tab === 'closed' ? undefined : nextRecoveryStage(stage);
    return (
      <Flex gap={4} wrap align="center">
        {next ? (
          <Tooltip title={RECOVERY_STAGE_LABELS[next]}>
            <Button
              size="small"
              loading={loading}
              onClick={() => void moveTo(row, next)}
              aria-label={`Étape suivante : ${RECOVERY_STAGE_LABELS[next]} (facture ${row.documentNumber})`}
            >
              Étape suivante
            </Button>
          </Tooltip>
        ) : null}
        <Select<RecoveryStage>
          size="small"
          value={stage}
          options={STAGE_OPTIONS}
          disabled={loading}
          style={{ width: 160 }}
          onChange={(value) => void moveTo(row, value)}
          aria-label={`Étape du recouvrement de la facture ${row.documentNumber}`}
        />
        <Button size="small" type="link" onClick={() => setCommenting(row)}>
          Commenter
        </Button>
        <Button size="small" type="link" onClick={() => setReading(row)}>
          Historique
        </Button>
      </Flex>
    );
  };

  return (
    <>
      <PageHeader title="Recouvrements" subtitle="Factures impayées échues et relances" />
      <ServerTable
        // Another garage is another list: start it afresh.
        key={companyId}
        tableKey="recovery"
        rowKey="documentId"
        columns={recoveryColumns}
        fetcher={recoveryFetcher}
        searchPlaceholder="Rechercher un dossier ou une facture"
        defaultSort={{ field: 'daysOverdue', dir: 'desc' }}
        statusTabs={recoveryTabs}
        statusColumnIndex={RECOVERY_TAB_COLUMN}
        actions={actions}
        actionsTitle="Actions"
        actionsWidth={210}
        exports={{ csvName: 'recouvrements.csv', excelName: 'recouvrements.xlsx', printName: 'Recouvrements' }}
        defaultErrorMessage={RECOVERY_LIST_ERROR}
      />
      {commenting ? (
        <CommentModal
          row={commenting}
          onClose={() => setCommenting(undefined)}
          onSaved={() => {
            setCommenting(undefined);
            recoveriesChanged();
          }}
        />
      ) : null}
      {reading ? <HistoryDrawer row={reading} onClose={() => setReading(undefined)} /> : null}
    </>
  );
}
