import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type QuotationModalProps,
  SIDEXA_HOURLY_RATE_REQUIRED,
  SIDEXA_PART_REQUIRED,
  UNITS_INSUFFICIENT,
  type UnitConsumption,
  VEHICLE_FIELD_LABELS,
} from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, apiKey, refreshBalance, setRemoteModuleLoader, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  consumeUnit,
  enrichSidexaQuotation,
  generateScopedToken,
  getCompanyHourlyRate,
  getSidexaQuotation,
  getSidexaStatus,
  saveCompanyFees,
} from '../api/sidexa';
import { clioResult, golfPriced, golfResult, statusFresh, statusWithData } from '../test-fixtures';
import { BILLING_ABSENT } from './QuotationStep';
import { SidexaButton } from './SidexaButton';
import { ALREADY_CHARGED_TEXT, CONFIRM_TEXT, NO_RESULT_TITLE } from './VehicleSearchModals';

vi.mock('../api/sidexa', () => ({
  getSidexaStatus: vi.fn(),
  generateScopedToken: vi.fn(),
  consumeUnit: vi.fn(),
  getSidexaQuotation: vi.fn(),
  enrichSidexaQuotation: vi.fn(),
  saveCompanyFees: vi.fn(),
  getCompanyHourlyRate: vi.fn(),
}));
// UNITÉS is read again after each lookup: watched, without a server.
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  refreshBalance: vi.fn(async () => 9),
}));

const claims = lyonClaims();

const consumed: UnitConsumption = {
  token: 'jwt-new',
  expiresAt: '2026-03-02T09:15:00.000Z',
  tokenId: 'tok-1',
  charged: true,
  jeton: 9,
};

/** billing's quote modal as the slot would load it: shows what it was given. */
let quotationProps: QuotationModalProps | undefined;
function FakeQuotationModal(props: QuotationModalProps) {
  quotationProps = props;
  return (
    <div role="dialog" aria-label="Nouveau devis">
      {props.lines.map((line) => (
        <p key={line.position}>{`${line.title} : ${String(line.preTaxAmount)}`}</p>
      ))}
    </div>
  );
}

/** The folder's « Devis Sidexa » button, and the page's cache (to see what the search refreshes). */
function renderSearchPage() {
  const { queryClient } = renderWithProviders(
    <Routes>
      <Route path="/" element={<SidexaButton folder={{ id: 7, companyId: 2 }} />} />
      <Route path="/checkout" element={<p>Acheter des unités</p>} />
    </Routes>,
  );
  return { button: screen.getByRole('button', { name: 'Devis Sidexa' }), queryClient };
}
const renderSearch = () => renderSearchPage().button;

/**
 * The open dialogs titled `title`. Every antd modal is labelled by the id "test-id" under test (so names cannot tell
 * them apart), and a closed one stays in jsdom, leaving (no animation end): found by title, leaving ones left out.
 */
const openDialogs = (title: string | RegExp) =>
  screen
    .queryAllByText(title)
    .map((element) => element.closest<HTMLElement>('[role="dialog"]'))
    .filter((found): found is HTMLElement => found !== null && !found.className.includes('-leave'));

const dialog = (title: string | RegExp) =>
  waitFor(
    () => {
      const [found] = openDialogs(title);
      if (!found) throw new Error(`no open dialog "${title}"`);
      return found;
    },
    { timeout: 5_000 },
  );
const resultDialog = () => dialog(/^Véhicule /);
const confirmDialog = () => dialog('Recherche du véhicule');

beforeEach(() => {
  for (const mock of [
    getSidexaStatus,
    generateScopedToken,
    consumeUnit,
    getSidexaQuotation,
    enrichSidexaQuotation,
    saveCompanyFees,
    getCompanyHourlyRate,
  ]) {
    vi.mocked(mock).mockReset();
  }
  vi.mocked(refreshBalance).mockClear();
  vi.mocked(getCompanyHourlyRate).mockResolvedValue(null);
  quotationProps = undefined;
  setRemoteModuleLoader(async <T,>() => ({ default: FakeQuotationModal }) as T);
  sessionStorage.clear();
  useSession.setState({ claims });
});
afterEach(() => vi.restoreAllMocks());

describe('vehicle search', () => {
  it('with vehicle data and a token id: a scoped token (validity checked), then the vehicle, no unit consumed', async () => {
    sessionStorage.setItem('sidexa-token:quotation:7', 'jwt-kept');
    vi.mocked(getSidexaStatus).mockResolvedValue(statusWithData);
    vi.mocked(generateScopedToken).mockResolvedValue({ token: 'jwt-kept', expiresAt: '2026-03-02T09:15:00Z' });
    vi.mocked(getSidexaQuotation).mockResolvedValue(clioResult);
    const { button, queryClient } = renderSearchPage();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(button);

    const result = within(await resultDialog());
    expect(generateScopedToken).toHaveBeenCalledWith({
      payload: { scope: 'quotation', tokenId: 'tok-1', registration: 'HJ-100-FH' },
      checkValidity: true,
      currentJWT: 'jwt-kept',
    });
    expect(getSidexaQuotation).toHaveBeenCalledWith(7, 'jwt-kept');
    expect(consumeUnit).not.toHaveBeenCalled();
    expect(result.getByText(VEHICLE_FIELD_LABELS.serialNumber)).toBeInTheDocument();
    expect(result.getByText('VF1RJA00X68123456')).toBeInTheDocument();
    expect(result.getByText('Options du véhicule (3)')).toBeInTheDocument();
    expect(result.getAllByTestId('sidexa-line')).toHaveLength(3);
    expect(result.getByText('Identifié par son numéro de série (VIN)')).toBeInTheDocument();
    // Identified by its VIN: nothing to choose, the parts can be confirmed.
    expect(result.queryByRole('button', { name: 'Valider la sélection' })).toBeNull();
    expect(result.getByRole('button', { name: 'Confirmer les pièces' })).toBeInTheDocument();
    // The lookup is written to the folder: the folder's page (and whatever else shows it) reads it again.
    expect(invalidated).toHaveBeenCalledWith({ queryKey: apiKey('api/folder/show/7') });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: apiKey('api/folder/7') });
    await waitFor(() => expect(refreshBalance).toHaveBeenCalled());
    // The first test loads the modals and antd's Descriptions cold: seconds on a busy machine.
  }, 40_000);

  it('without: confirms, consumes one unit (button busy meanwhile), keeps the token, then the vehicle', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusFresh);
    let answer: (value: UnitConsumption) => void = () => undefined;
    vi.mocked(consumeUnit).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(getSidexaQuotation).mockResolvedValue(clioResult);
    fireEvent.click(renderSearch());

    const confirm = await confirmDialog();
    expect(within(confirm).getByText(CONFIRM_TEXT)).toBeInTheDocument();
    expect(CONFIRM_TEXT).toMatch(/^Cette recherche consomme 1 unité/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: /Confirmer/ })).toBeDisabled());
    expect(consumeUnit).toHaveBeenCalledWith(7, { companyId: 2, scope: 'quotation' });
    expect(getSidexaQuotation).not.toHaveBeenCalled();
    await act(async () => answer(consumed));

    await resultDialog();
    expect(getSidexaQuotation).toHaveBeenCalledWith(7, 'jwt-new');
    expect(sessionStorage.getItem('sidexa-token:quotation:7')).toBe('jwt-new');
    expect(generateScopedToken).not.toHaveBeenCalled();
    await waitFor(() => expect(refreshBalance).toHaveBeenCalled());
  });

  it('says a folder already charged costs nothing more', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue({ ...statusFresh, tokenId: 'tok-1' });
    fireEvent.click(renderSearch());
    expect(await screen.findByText(ALREADY_CHARGED_TEXT)).toBeInTheDocument();
  });

  it('no unit left: the 401’s redirect sends the browser to /checkout, no quotation', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusFresh);
    vi.mocked(consumeUnit).mockRejectedValue(
      new ApiError(401, { message: UNITS_INSUFFICIENT, redirect: '/checkout', statusCode: 401 }),
    );
    fireEvent.click(renderSearch());
    const confirm = await confirmDialog();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Acheter des unités')).toBeInTheDocument();
    expect(getSidexaQuotation).not.toHaveBeenCalled();
  });

  it('any other refusal of the unit gives no quotation and stays on the page', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusFresh);
    vi.mocked(consumeUnit).mockRejectedValue(new ApiError(400, { message: 'Refusé', statusCode: 400 }));
    fireEvent.click(renderSearch());
    const confirm = await confirmDialog();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Refusé')).toBeInTheDocument();
    expect(getSidexaQuotation).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Devis Sidexa$/ })).toBeInTheDocument();
  });

  it('shows the provider’s no-result text, then reads UNITÉS again', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusFresh);
    vi.mocked(consumeUnit).mockResolvedValue(consumed);
    vi.mocked(getSidexaQuotation).mockResolvedValue(
      'Aucun véhicule ne correspond à l’immatriculation AA-000-AA dans la base SIV.',
    );
    fireEvent.click(renderSearch());
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Confirmer' }));
    const noResult = await dialog(NO_RESULT_TITLE);
    expect(
      within(noResult).getByText('Aucun véhicule ne correspond à l’immatriculation AA-000-AA dans la base SIV.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(refreshBalance).toHaveBeenCalled());
  });

  it('already read-only: searching again just reopens the result', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusWithData);
    vi.mocked(generateScopedToken).mockResolvedValue({ token: 'jwt-kept', expiresAt: '2026-03-02T09:15:00Z' });
    vi.mocked(getSidexaQuotation).mockResolvedValue(clioResult);
    const button = renderSearch();
    fireEvent.click(button);
    const first = await resultDialog();
    fireEvent.click(within(first).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(openDialogs(/^Véhicule /)).toHaveLength(0));
    fireEvent.click(button);
    await resultDialog();
    expect(getSidexaStatus).toHaveBeenCalledTimes(2);
    expect(getSidexaQuotation).toHaveBeenCalledTimes(1);
  });

  it('not identified by its VIN: a variant is required per part, then the parts are priced', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusWithData);
    vi.mocked(generateScopedToken).mockResolvedValue({ token: 'jwt-kept', expiresAt: '2026-03-02T09:15:00Z' });
    vi.mocked(getSidexaQuotation).mockResolvedValue(golfResult);
    vi.mocked(enrichSidexaQuotation).mockResolvedValue({ lines: golfPriced });
    fireEvent.click(renderSearch());
    const result = within(await resultDialog());
    expect(result.queryByRole('button', { name: 'Confirmer les pièces' })).toBeNull();

    fireEvent.click(result.getByRole('button', { name: 'Valider la sélection' }));
    expect(await result.findByText(SIDEXA_PART_REQUIRED)).toBeInTheDocument();
    expect(enrichSidexaQuotation).not.toHaveBeenCalled();

    fireEvent.mouseDown(result.getByRole('combobox', { name: 'Pare-brise' }));
    fireEvent.click(await screen.findByTitle('Pare-brise avec capteur de pluie · 5G0845011B-EC · 456,00 € HT'));
    expect(await result.findByText('Capteur de pluie')).toBeInTheDocument();
    fireEvent.click(result.getByRole('button', { name: 'Valider la sélection' }));

    await waitFor(() =>
      expect(enrichSidexaQuotation).toHaveBeenCalledWith(7, 'jwt-kept', {
        selectedParts: [{ codpiece: 'PB', ref: '5G0845011B' }],
        audatex: 'VW-GOLF8-5G1',
      }),
    );
    expect(await result.findByRole('button', { name: 'Confirmer les pièces' })).toBeInTheDocument();
    expect(result.queryByRole('button', { name: 'Valider la sélection' })).toBeNull();
    expect(result.getByText('5G0845011B-EC')).toBeInTheDocument();
  });

  it('confirming the parts puts the hourly rate into the labour lines, saves it, and opens the quote', async () => {
    vi.mocked(getSidexaStatus).mockResolvedValue(statusWithData);
    vi.mocked(generateScopedToken).mockResolvedValue({ token: 'jwt-kept', expiresAt: '2026-03-02T09:15:00Z' });
    vi.mocked(getSidexaQuotation).mockResolvedValue(clioResult);
    vi.mocked(getCompanyHourlyRate).mockResolvedValue(62);
    vi.mocked(saveCompanyFees).mockResolvedValue({ hourlyRate: 58.5 });
    fireEvent.click(renderSearch());
    const result = within(await resultDialog());
    const rate = result.getByLabelText('Taux horaire');
    // Prefilled with the company's rate.
    await waitFor(() => expect(rate).toHaveValue('62'));
    expect(getCompanyHourlyRate).toHaveBeenCalledWith(2);

    fireEvent.change(rate, { target: { value: '' } });
    fireEvent.click(result.getByRole('button', { name: 'Confirmer les pièces' }));
    expect(await result.findByText(SIDEXA_HOURLY_RATE_REQUIRED)).toBeInTheDocument();
    expect(saveCompanyFees).not.toHaveBeenCalled();

    fireEvent.change(rate, { target: { value: '58,50' } });
    fireEvent.click(result.getByRole('button', { name: 'Confirmer les pièces' }));
    await waitFor(() => expect(saveCompanyFees).toHaveBeenCalledWith(2, { hourlyRate: '58,50' }));
    const quote = await screen.findByRole('dialog', { name: 'Nouveau devis' });
    expect(quotationProps?.folderId).toBe(7);
    expect(quotationProps?.lines.map((line) => [line.title, line.quantity, line.preTaxAmount, line.details])).toEqual([
      ['Pare-brise feuilleté athermique', 1, '412,30', '8540AGSMVZ'],
      ['Main-d’œuvre dépose et pose : pare-brise', 1.5, '58,50', ''],
      ['Kit de collage polyuréthane et primaire', 1, '34,90', 'KIT-PU'],
    ]);
    expect(within(quote).getByText('Main-d’œuvre dépose et pose : pare-brise : 58,50')).toBeInTheDocument();
    // The search modal is closed.
    expect(openDialogs(/^Véhicule /)).toHaveLength(0);
  });

  it('billing absent: the quote’s lines stay on screen, read-only', async () => {
    setRemoteModuleLoader(() => Promise.reject(new Error('mf_billing indisponible')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getSidexaStatus).mockResolvedValue(statusWithData);
    vi.mocked(generateScopedToken).mockResolvedValue({ token: 'jwt-kept', expiresAt: '2026-03-02T09:15:00Z' });
    vi.mocked(getSidexaQuotation).mockResolvedValue(clioResult);
    vi.mocked(getCompanyHourlyRate).mockResolvedValue(60);
    vi.mocked(saveCompanyFees).mockResolvedValue({ hourlyRate: 60 });
    fireEvent.click(renderSearch());
    const result = within(await resultDialog());
    await waitFor(() => expect(result.getByLabelText('Taux horaire')).toHaveValue('60'));
    fireEvent.click(result.getByRole('button', { name: 'Confirmer les pièces' }));
    expect(await screen.findByText(BILLING_ABSENT)).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Lignes du devis' }));
    expect(table.getByText('Pare-brise feuilleté athermique')).toBeInTheDocument();
    expect(table.getByText('60,00')).toBeInTheDocument();
  });
});
