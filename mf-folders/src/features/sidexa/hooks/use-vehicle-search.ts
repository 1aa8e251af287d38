import {
  DEFAULT_SIDEXA_SCOPE,
  type DocumentLineBody,
  folderApiPaths,
  SIDEXA_NO_PLATE,
  SIDEXA_PART_REQUIRED,
  type SidexaLine,
  type SidexaResult,
  type SidexaStatus,
} from 'contracts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, redirectOf, refreshBalance, useFeedback, useInvalidate } from 'shared-ui';
import {
  consumeUnit,
  enrichSidexaQuotation,
  generateScopedToken,
  getSidexaQuotation,
  getSidexaStatus,
  saveCompanyFees,
} from '../api/sidexa';
import { audatexOf, isLabour, isPart, rateCentsOf, toQuotationLines, withHourlyRate } from '../lib/quotation-lines';
import { forgetScopedToken, readScopedToken, storeScopedToken } from '../lib/token-store';

/**
 * Where the search stands: which of its modals shows. `checking` and `loading` show the loading overlay,
 * `confirm` and `consuming` the confirmation modal (its button busy while consuming), `result` the vehicle and its
 * parts, `no-result` the provider's text, `quotation` billing's quote form with the lines.
 */
export type SearchStage =
  | 'idle'
  | 'checking'
  | 'confirm'
  | 'consuming'
  | 'loading'
  | 'result'
  | 'no-result'
  | 'quotation';

/** The vehicle as the provider identified it: its data, options and whether by its VIN (the lines apart). */
export type SidexaVehicle = Omit<SidexaResult, 'lines'>;

export interface SearchFolder {
  id: number;
  /** The folder's company: the unit is consumed and the hourly rate saved there. */
  companyId: number;
}

export const SEARCH_FAILED = 'La recherche du véhicule a échoué';

/** Saves the rate typed (euros) as the company's; resolves false, the refusal shown, when it is not saved. */
function useSaveHourlyRate(companyId: number) {
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (hourlyRate: string): Promise<boolean> => {
      setSaving(true);
      try {
        await saveCompanyFees(companyId, { hourlyRate });
        // The garage's details carry its rate: whatever shows them reads them again.
        void invalidate('api/company/infos');
        return true;
      } catch (failure) {
        feedback.error(failure);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [companyId, feedback, invalidate],
  );
  return { saving, save };
}

/**
 * The vehicle search of a folder (docs/product.md), as a small state machine:
 *
 * - `start`: the service status is checked; with vehicle data and a token id, a scoped token is generated (validity
 *   checked against the token kept for the folder) and the quotation generated; otherwise the confirmation modal.
 * - `confirm`: one unit consumed (`jetons/create`), then the quotation generated; a 401 with `redirect` sends the
 *   browser there (`/checkout`); any other failure gives no quotation.
 * - generating the quotation: already read-only, the result modal just reopens; otherwise the overlay shows, the
 *   vehicle is fetched, the folder refreshed, and the vehicle and its lines fill the result (read-only from then on),
 *   or the provider's no-result text shows; then UNITÉS is read again.
 * - `enrich`: the variants picked (vehicle not identified by its VIN) are priced; the selection step is done.
 * - `confirmParts`: the hourly rate goes into every `h` line, is saved as the company's, and the quote opens.
 */
export function useVehicleSearch(folder: SearchFolder, { onClose }: { onClose?: () => void } = {}) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const [stage, setStage] = useState<SearchStage>('idle');
  const [status, setStatus] = useState<SidexaStatus>();
  const [vehicle, setVehicle] = useState<SidexaVehicle>();
  const [lines, setLines] = useState<SidexaLine[]>([]);
  const [readOnly, setReadOnly] = useState(false);
  const [priced, setPriced] = useState(false);
  const [noResultText, setNoResultText] = useState<string>();
  const [quotationLines, setQuotationLines] = useState<DocumentLineBody[]>([]);
  const [enriching, setEnriching] = useState(false);
  const { saving: confirmingParts, save: saveRate } = useSaveHourlyRate(folder.companyId);
  // Read inside async chains, where the state of the render that started them is stale.
  const readOnlyRef = useRef(false);
  const tokenRef = useRef<string>();
  const folderId = folder.id;

  const keepToken = useCallback(
    (token: string) => {
      tokenRef.current = token;
      storeScopedToken(folderId, token);
    },
    [folderId],
  );

  const generateQuotation = useCallback(
    async (token: string) => {
      if (readOnlyRef.current) {
        setStage('result');
        return;
      }
      setStage('loading');
      try {
        const answer = await getSidexaQuotation(folderId, token);
        // The lookup is written to the folder (its history, the vehicle found): whatever shows it reads it again.
        void invalidate(...folderApiPaths(folderId));
        if (typeof answer === 'string') {
          setNoResultText(answer);
          setStage('no-result');
        } else {
          const { lines: found, ...identified } = answer;
          setVehicle(identified);
          setLines(found);
          // Identified by its VIN, each part has its glass and price already: nothing to choose.
          setPriced(identified.vinIdentified);
          readOnlyRef.current = true;
          setReadOnly(true);
          setStage('result');
        }
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 403) forgetScopedToken(folderId);
        feedback.error(failure, SEARCH_FAILED);
        setStage('idle');
      }
      // The lookup may have consumed a unit: the counter follows without a reload.
      await refreshBalance().catch(() => undefined);
    },
    [folderId, feedback, invalidate],
  );

  const start = useCallback(async () => {
    setStage('checking');
    try {
      const current = await getSidexaStatus(folderId);
      setStatus(current);
      if (current.hasVehicleData && current.tokenId) {
        const { token } = await generateScopedToken({
          payload: { scope: DEFAULT_SIDEXA_SCOPE, tokenId: current.tokenId, registration: current.registration ?? '' },
          checkValidity: true,
          currentJWT: readScopedToken(folderId),
        });
        keepToken(token);
        await generateQuotation(token);
      } else if (!current.registration) {
        feedback.error(SIDEXA_NO_PLATE);
        setStage('idle');
      } else {
        setStage('confirm');
      }
    } catch (failure) {
      feedback.error(failure, SEARCH_FAILED);
      setStage('idle');
    }
  }, [folderId, feedback, keepToken, generateQuotation]);

  const confirm = useCallback(async () => {
    setStage('consuming');
    let token: string;
    try {
      token = (await consumeUnit(folderId, { companyId: folder.companyId, scope: DEFAULT_SIDEXA_SCOPE })).token;
    } catch (failure) {
      const redirect = redirectOf(failure);
      feedback.error(failure, SEARCH_FAILED);
      setStage('idle');
      if (redirect) {
        if (redirect.startsWith('/')) navigate(redirect);
        else window.location.assign(redirect);
      }
      return;
    }
    keepToken(token);
    await generateQuotation(token);
  }, [folderId, folder.companyId, feedback, navigate, keepToken, generateQuotation]);

  /** Prices the variants picked (`selection`: codpiece -> variant ref); resolves true once the lines are priced. */
  const enrich = useCallback(
    async (selection: Record<string, string | undefined>): Promise<boolean> => {
      const parts = lines.filter(isPart);
      const selectedParts = parts.map((line) => ({ codpiece: line.codpiece, ref: selection[line.codpiece] ?? '' }));
      if (selectedParts.length === 0 || selectedParts.some((part) => !part.ref)) {
        feedback.error(SIDEXA_PART_REQUIRED);
        return false;
      }
      setEnriching(true);
      try {
        const answer = await enrichSidexaQuotation(folderId, tokenRef.current ?? '', {
          selectedParts,
          audatex: audatexOf(parts),
        });
        setLines(answer.lines);
        setPriced(true);
        return true;
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 403) forgetScopedToken(folderId);
        feedback.error(failure, SEARCH_FAILED);
        return false;
      } finally {
        setEnriching(false);
      }
    },
    [folderId, lines, feedback],
  );

  /**
   * The hourly rate (as typed, euros) into every `h` line, saved as the company's; then the search closes and the
   * quote opens. Without labour lines there is no rate to save.
   */
  const confirmParts = useCallback(
    async (typedRate?: string): Promise<boolean> => {
      const hasLabour = lines.some(isLabour);
      const rate = rateCentsOf(typedRate);
      const final = hasLabour && rate !== undefined ? withHourlyRate(lines, rate) : lines;
      setLines(final);
      if (hasLabour && rate !== undefined && !(await saveRate(typedRate ?? ''))) return false;
      setQuotationLines(toQuotationLines(final));
      setStage('quotation');
      return true;
    },
    [lines, saveRate],
  );

  /** The user closed the search (confirmation, result or no-result modal) or the quote: the host hears of it. */
  const close = useCallback(() => {
    setStage('idle');
    onClose?.();
  }, [onClose]);

  return {
    folder,
    stage,
    status,
    vehicle,
    lines,
    readOnly,
    priced,
    noResultText,
    quotationLines,
    enriching,
    confirmingParts,
    busy: stage === 'checking' || stage === 'loading' || stage === 'consuming',
    start,
    confirm,
    enrich,
    confirmParts,
    close,
  };
}

export type VehicleSearch = ReturnType<typeof useVehicleSearch>;
