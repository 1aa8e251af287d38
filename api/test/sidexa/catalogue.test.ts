import { isSivPlate, type SidexaLine, sidexaResultSchema, type Variant, vehicleDataSchema } from 'contracts';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/modules/sidexa/catalogue/models';
import { CAMERA_OPTION_CODE } from '../../src/modules/sidexa/catalogue/parts';
import { catalogueLookup, cataloguePrice, findModel, REGISTERED } from '../../src/modules/sidexa/catalogue/vehicles';

const found = (answer: ReturnType<typeof catalogueLookup>) => {
  if (!answer.found) throw new Error(`no vehicle: ${answer.message}`);
  return sidexaResultSchema.parse(answer.result);
};
const parts = (lines: SidexaLine[]) => lines.filter((line) => line.variants.length > 0);

describe('the vehicle catalogue', () => {
  it('covers the common models sold in France', () => {
    expect(MODELS.length).toBeGreaterThanOrEqual(40);
    const names = MODELS.map((model) => `${model.brand} ${model.model}`);
    for (const expected of [
      'Renault Clio IV',
      'Renault Clio V',
      'Peugeot 208',
      'Peugeot 308',
      'Peugeot 3008',
      'Citroën C3',
      'Citroën C4',
      'Dacia Sandero',
      'Dacia Duster',
      'Volkswagen Golf',
      'Volkswagen Polo',
      'Toyota Yaris',
      'Tesla Model 3',
      'Renault Captur',
      'Renault Mégane',
      'Renault Twingo',
      'Renault Zoe',
      'Peugeot 2008',
      'Peugeot 5008',
      'Citroën Berlingo',
      'Renault Kangoo',
      'Renault Master',
      'Renault Trafic',
      'Peugeot Partner',
      'Citroën Jumpy',
      'Ford Fiesta',
      'Ford Focus',
      'Opel Corsa',
      'Opel Astra',
      'Seat Ibiza',
      'Seat Leon',
      'Nissan Qashqai',
      'Nissan Juke',
      'Hyundai Tucson',
      'Kia Sportage',
      'Hyundai i20',
      'Kia Picanto',
      'Audi A3',
      'BMW Série 1',
      'Mercedes-Benz Classe A',
      'Fiat 500',
    ]) {
      expect(
        names.some((name) => name.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    expect(new Set(MODELS.map((model) => model.key)).size).toBe(MODELS.length);
  });

  it('registers two plates per model, valid and distinct, one identified by VIN and one not', () => {
    expect(REGISTERED).toHaveLength(MODELS.length * 2);
    expect(new Set(REGISTERED.map((vehicle) => vehicle.plate)).size).toBe(REGISTERED.length);
    expect(new Set(REGISTERED.map((vehicle) => vehicle.vin)).size).toBe(REGISTERED.length);
    for (const vehicle of REGISTERED) {
      expect(isSivPlate(vehicle.plate)).toBe(true);
      expect(vehicle.plate.startsWith('Q')).toBe(false);
      expect(vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    }
    expect(REGISTERED.filter((vehicle) => vehicle.vinIdentified)).toHaveLength(MODELS.length);
  });

  it('answers every field of a vehicle, for every registered plate and glass', () => {
    for (const vehicle of REGISTERED) {
      for (const glass of ['windscreen', 'side', 'rear', null]) {
        const result = found(catalogueLookup({ registration: vehicle.plate, glass }));
        const identity = vehicleDataSchema.parse(result);
        for (const [field, value] of Object.entries(identity)) expect(value, field).not.toBeNull();
        expect(result.serialNumber).toBe(vehicle.vin);
        expect(result.brand).toBe(vehicle.model.brand);
        expect(result.vinIdentified).toBe(vehicle.vinIdentified);
        expect(result.options.length).toBeGreaterThan(0);
        expect(parts(result.lines).length).toBeGreaterThan(0);
        // Every part has its labour in hours.
        for (const part of parts(result.lines)) {
          expect(result.lines.some((line) => line.codpiece === `${part.codpiece}-MO` && line.unit === 'h')).toBe(true);
        }
      }
    }
  });

  it('resolves each part of a VIN-identified vehicle to one priced variant', () => {
    const vehicle = REGISTERED.find((item) => item.vinIdentified && item.model.key === 'p308');
    const result = found(catalogueLookup({ registration: vehicle?.plate ?? '' }));
    expect(result.vinIdentified).toBe(true);
    for (const part of parts(result.lines)) {
      expect(part.variants).toHaveLength(1);
      expect(part.preTaxAmount).toBe(part.variants[0]?.preTaxAmount);
      expect(part.details).toBe(part.variants[0]?.euroCode);
    }
  });

  it('offers 2 to 4 variants per part when the VIN does not identify the glass', () => {
    for (const vehicle of REGISTERED.filter((item) => !item.vinIdentified)) {
      for (const glass of ['windscreen', 'side', 'rear']) {
        const result = found(catalogueLookup({ registration: vehicle.plate, glass }));
        for (const part of parts(result.lines)) {
          expect(part.variants.length).toBeGreaterThanOrEqual(2);
          expect(part.variants.length).toBeLessThanOrEqual(4);
          expect(part.preTaxAmount).toBeNull();
          expect(new Set(part.variants.map((variant) => variant.ref)).size).toBe(part.variants.length);
          expect(new Set(part.variants.map((variant) => variant.euroCode)).size).toBe(part.variants.length);
          for (const variant of part.variants) {
            expect(variant.euroCode.startsWith(vehicle.model.euro)).toBe(true);
            expect(variant.preTaxAmount).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('finds a vehicle by VIN, and answers the no-result text for unknown or temporary plates', () => {
    const vehicle = REGISTERED[5];
    const byVin = found(catalogueLookup({ registration: 'HX-452-TR', vin: vehicle?.vin }));
    expect(byVin.serialNumber).toBe(vehicle?.vin);
    for (const plate of ['AA-000-AA', 'ZZ-999-ZZ', 'WW-123-AB', '123 ABC 45']) {
      const answer = catalogueLookup({ registration: plate, brand: 'Renault', model: 'Clio V' });
      expect(answer.found).toBe(false);
    }
    expect(catalogueLookup({ registration: 'AA-000-AA' })).toEqual({
      found: false,
      message: 'Aucun véhicule ne correspond à l’immatriculation AA-000-AA dans la base SIV.',
    });
    expect(catalogueLookup({ registration: 'HX-452-TR', brand: 'Lada', model: 'Niva' }).found).toBe(false);
  });

  it('knows any plate of a catalogue model the way folders name it, the same way every time', () => {
    for (const [brand, model] of [
      ['Renault', 'Clio V'],
      ['Volkswagen', 'Golf 8'],
      ['Citroen', 'C5 Aircross'],
      ['Toyota', 'C-HR'],
      ['BMW', 'Série 1'],
      ['Fiat', '500'],
      ['Peugeot', 'Partner'],
      ['Mercedes', 'Classe A'],
    ]) {
      expect(findModel(brand, model), `${brand} ${model}`).toBeDefined();
    }
    const first = found(catalogueLookup({ registration: 'HX-452-TR', brand: 'Peugeot', model: '208' }));
    const again = found(catalogueLookup({ registration: 'HX452TR', brand: 'Peugeot', model: '208' }));
    expect(again).toEqual(first);
    expect(first.vinIdentified).toBe(false);
    const withVin = found(
      catalogueLookup({ registration: 'HX-452-TR', brand: 'Peugeot', model: '208', vin: 'VF3UPHNEHMS123456' }),
    );
    expect(withVin.vinIdentified).toBe(true);
    expect(withVin.serialNumber).toBe('VF3UPHNEHMS123456');
  });

  it('prices a selection: the chosen glass, its labour and kit, and the calibration of a camera', () => {
    const vehicle = REGISTERED.find((item) => !item.vinIdentified && item.model.key === 'golf8');
    const result = found(catalogueLookup({ registration: vehicle?.plate ?? '' }));
    const windscreen = parts(result.lines)[0];
    const camera = windscreen?.variants.find((variant) =>
      variant.options.some((item) => item.code === CAMERA_OPTION_CODE),
    ) as Variant;
    const priced = cataloguePrice(result.lines, new Map([['PB', camera]]));
    expect(priced.map((line) => line.codpiece)).toEqual(['PB', 'PB-MO', 'PB-KIT', 'PB-ADAS']);
    expect(priced[0]).toMatchObject({
      preTaxAmount: camera.preTaxAmount,
      details: camera.euroCode,
      variants: [camera],
    });
    const plain = windscreen?.variants[0] as Variant;
    expect(cataloguePrice(result.lines, new Map([['PB', plain]])).map((line) => line.codpiece)).toEqual([
      'PB',
      'PB-MO',
      'PB-KIT',
    ]);
    // Door windows: only the ones picked.
    const sides = found(catalogueLookup({ registration: vehicle?.plate ?? '', glass: 'side' }));
    const front = parts(sides.lines)[0] as SidexaLine;
    const onlyFront = cataloguePrice(sides.lines, new Map([[front.codpiece, front.variants[1] as Variant]]));
    expect(onlyFront.map((line) => line.codpiece)).toEqual([front.codpiece, `${front.codpiece}-MO`]);
  });
});
