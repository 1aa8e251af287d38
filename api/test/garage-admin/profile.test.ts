import {
  companyProfileSchema,
  FISCAL_YEAR_MONTH_INVALID,
  GARAGE_ADMIN_PICK_GARAGE,
  IBAN_INVALID,
  isValidIban,
  REGISTRY_PLACE_REQUIRED,
  SIRET_INVALID,
  VAT_INVALID,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let lyonFitter: string;
let multi: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
  [lyonAdmin, lyonFitter, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'poseur@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const profile = {
  name: 'Vitrage Express Lyon',
  tradeName: 'VE Lyon',
  siret: '732 829 320 00074',
  tvaNumber: 'fr44 732829320',
  phone: '04 78 12 34 56',
  email: 'lyon@vitrage-express.fr',
  address: '12 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
  legalForm: 'SARL',
  shareCapital: '7 500,50',
  registryKind: 'RCS',
  registryPlace: 'Lyon',
  vatExemption: null,
  iban: 'fr76 3000 6000 0112 3456 7890 189',
  vatOnDebits: true,
  latePenaltyRate: '12,5',
};
const put = (id: number, payload: object, cookie = lyonAdmin) =>
  app.inject({ method: 'PUT', url: `/api/company/${id}/profile`, headers: { cookie }, payload });
const get = (id: number, cookie = lyonAdmin) =>
  app.inject({ method: 'GET', url: `/api/company/${id}/profile`, headers: { cookie } });

describe('company profile (Ma société)', () => {
  it('saves the identity and invoice mentions, normalised', async () => {
    const saved = await put(lyon, profile);
    expect(saved.statusCode).toBe(200);
    expect(companyProfileSchema.parse(saved.json())).toMatchObject({
      id: lyon,
      siret: '73282932000074',
      tvaNumber: 'FR44732829320',
      phone: '0478123456',
      shareCapital: 750_050,
      iban: 'FR7630006000011234567890189',
      vatOnDebits: true,
      latePenaltyRate: 12.5,
      legalForm: 'SARL',
    });
    expect((await get(lyon)).json()).toMatchObject({ registryKind: 'RCS', registryPlace: 'Lyon' });
  });

  it('keeps the fiscal year’s first month, refuses one outside 1–12 in French, and leaves it when not sent', async () => {
    const july = await put(lyon, { ...profile, fiscalYearStartMonth: 7 });
    expect([july.statusCode, july.json().fiscalYearStartMonth]).toEqual([200, 7]);
    const wrong = await put(lyon, { ...profile, fiscalYearStartMonth: 13 });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, FISCAL_YEAR_MONTH_INVALID]);
    expect((await put(lyon, profile)).json().fiscalYearStartMonth).toBe(7);
    expect((await put(lyon, { ...profile, fiscalYearStartMonth: 1 })).json().fiscalYearStartMonth).toBe(1);
  });

  it('refuses a registry without its place, and an unknown registry, in French', async () => {
    const noPlace = await put(lyon, { ...profile, registryKind: 'RM', registryPlace: '' });
    expect([noPlace.statusCode, noPlace.json().message]).toEqual([400, REGISTRY_PLACE_REQUIRED]);
    const unknown = await put(lyon, { ...profile, registryKind: 'RC' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Registre inconnu : RCS ou RM']);
  });

  it('refuses a VAT number that is not the SIREN’s, a wrong SIRET and a wrong IBAN, in French', async () => {
    const before = (await get(lyon)).json();
    const vat = await put(lyon, { ...profile, tvaNumber: 'FR45732829320' });
    expect(vat.statusCode).toBe(400);
    expect(vat.json().message).toBe(VAT_INVALID);
    const siret = await put(lyon, { ...profile, siret: '73282932000075' });
    expect(siret.json().message).toBe(SIRET_INVALID);
    const iban = await put(lyon, { ...profile, iban: 'FR7630006000011234567890188' });
    expect(iban.statusCode).toBe(400);
    expect(iban.json().message).toBe(IBAN_INVALID);
    expect((await get(lyon)).json()).toEqual(before);
  });

  it('checks IBANs with the mod-97 rule', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 18')).toBe(false);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
  });

  it('never shows nor changes another garage’s profile; TOUT asks to pick a garage; a fitter is refused', async () => {
    expect((await get(paris)).statusCode).toBe(403);
    const [parisBefore] = await app.db.select().from(companies).where(eq(companies.id, paris));
    expect((await put(paris, { ...profile, name: 'Volé' })).statusCode).toBe(403);
    const [parisAfter] = await app.db.select().from(companies).where(eq(companies.id, paris));
    expect(parisAfter?.name).toBe(parisBefore?.name);
    const all = await get(0, multi);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(GARAGE_ADMIN_PICK_GARAGE);
    expect((await get(lyon, lyonFitter)).statusCode).toBe(403);
  });
});
