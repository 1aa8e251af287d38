import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBus } from './event-bus';
import { refreshBalance } from './refresh-balance';
import { useSession } from './session-store';

const company = (id: number, jeton: number) => ({
  id,
  name: `Garage ${id}`,
  tradeName: null,
  siret: null,
  tvaNumber: null,
  phone: null,
  garageType: 'Fixe',
  emailApi: null,
  franchiseId: null,
  jeton,
  hourlyRate: 55,
  defaultTaxRate: 20,
  logoUrl: null,
});

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
  );
}

const claims = (companyId: number) => ({
  name: 'Julien Moreau',
  email: 'julien@vitrage-express.fr',
  roles: ['ROLE_POSEUR_ADMIN'],
  companyId,
  franchiseId: null,
  companies: [],
  jeton: 120,
  isReferent: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('refreshBalance', () => {
  it("takes the selected company's balance and tells the UNITÉS counter", async () => {
    useSession.setState({ claims: claims(2), jeton: 120 });
    answer({ company: company(2, 119), companies: [company(2, 119), company(3, 8)], franchiseLogoUrl: null });
    const seen: Array<number | null> = [];
    const off = eventBus.on('units:changed', ({ jeton }) => seen.push(jeton));
    await expect(refreshBalance()).resolves.toBe(119);
    off();
    expect(useSession.getState().jeton).toBe(119);
    expect(seen).toEqual([119]);
  });

  it('sums every company under TOUT', async () => {
    useSession.setState({ claims: claims(0), jeton: 0 });
    answer({ company: null, companies: [company(2, 119), company(3, 8)], franchiseLogoUrl: null });
    await expect(refreshBalance()).resolves.toBe(127);
  });
});
