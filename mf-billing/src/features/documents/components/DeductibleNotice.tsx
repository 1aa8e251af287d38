import { Alert, Button } from 'antd';
import { type BillingDocument, deductibleOf, deductibleTermsLabel, formatEurosText } from 'contracts';
import { useSaveAction } from 'shared-ui';
import { billDeductible } from '../api/documents';
import { useDocumentCache } from '../hooks/use-document-cache';
import { useFolderClaim } from '../hooks/use-folder-claim';

/*
 * The insured's deductible around an insurer invoice: what the folder's policy leaves to the insured is billed on
 * an invoice of its own, and the insurer's takes it off. These notices say so before it happens, and offer it on a
 * draft made before the folder had its deductible.
 */

/** The folder's deductible terms and what they come to on `total`, or null without a deductible. */
function usePolicyDeductible(folderId: number | null, total: number) {
  const claim = useFolderClaim(folderId);
  const terms = claim.data ? deductibleTermsLabel(claim.data.deductible) : null;
  if (!claim.data || !terms) return null;
  return { terms, amount: deductibleOf(claim.data.deductible, total) };
}

/** A new invoice to the insurer: saving it bills the deductible to the insured. */
export function NewInsurerInvoiceNotice({ folderId, total }: { folderId: number | null; total: number }) {
  const policy = usePolicyDeductible(folderId, total);
  if (!policy) return null;
  const onThis = policy.amount > 0 ? `, soit ${formatEurosText(policy.amount)} sur ce montant` : '';
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 16 }}
      message={`Le contrat prévoit une franchise de ${policy.terms}${onThis}.`}
      description="À l’enregistrement, elle est facturée à l’assuré sur une facture à part et déduite de celle-ci : les deux factures s’émettent ensemble et se citent."
    />
  );
}

/** An insurer invoice draft, or the insured's invoice of a split, on its page. */
export function DeductibleSplitNotice({ document }: { document: BillingDocument }) {
  const isInsurerDraft = document.status === 'draft' && document.type === 'invoice' && document.billTo === 'insurer';
  const unsplit = isInsurerDraft && document.splitPartner === null;
  const policy = usePolicyDeductible(unsplit ? document.folderId : null, document.totalAmount);
  const { saving, run } = useSaveAction();
  const cache = useDocumentCache();
  if (document.status === 'draft' && document.splitPartner?.status === 'draft') {
    const other = document.billTo === 'insurer' ? 'la facture de franchise de l’assuré' : 'la facture à l’assureur';
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`« Émettre » émet aussi ${other} : les deux factures se citent.`}
      />
    );
  }
  if (!unsplit || !policy || policy.amount === 0) return null;
  const split = () =>
    run(
      async () => {
        await billDeductible(document.id);
        await cache.changed(document.id, document.folderId);
      },
      { done: 'Franchise facturée à l’assuré' },
    );
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Le contrat prévoit une franchise de ${policy.terms} (${formatEurosText(policy.amount)}) qui n’est pas facturée à l’assuré.`}
      description="« Facturer la franchise » la retire de cette facture et crée la facture de l’assuré. Si l’assureur y renonce, retirez-la du dossier."
      action={
        <Button type="primary" loading={saving} onClick={() => void split()}>
          Facturer la franchise
        </Button>
      }
    />
  );
}
