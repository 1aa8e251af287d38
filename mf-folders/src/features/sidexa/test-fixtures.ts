import type { SidexaLine, SidexaResult, SidexaStatus, Variant } from 'contracts';

/* Fixtures of the Sidexa tests: a Clio V identified by its VIN, a Golf VIII with variants to choose. */

const variant = (ref: string, label: string, preTaxAmount: number, overrides: Partial<Variant> = {}): Variant => ({
  ref,
  label,
  audatex: 'VW-GOLF8-5G1',
  model: 'Golf VIII',
  preTaxAmount,
  euroCode: `${ref}-EC`,
  rainSensor: false,
  brightnessSensor: false,
  installationType: 'Collé',
  options: [],
  ...overrides,
});

const labour = (codpiece: string, quantity: number, preTaxAmount: number | null = null): SidexaLine => ({
  codpiece,
  title: 'Main-d’œuvre dépose et pose : pare-brise',
  details: '',
  quantity,
  unit: 'h',
  preTaxAmount,
  variants: [],
  subTypeCode: 'labour',
});

const kit: SidexaLine = {
  codpiece: 'PB-KIT',
  title: 'Kit de collage polyuréthane et primaire',
  details: 'KIT-PU',
  quantity: 1,
  unit: 'u',
  preTaxAmount: 3_490,
  variants: [],
  subTypeCode: 'consumable',
};

const vehicle = {
  serialNumber: 'VF1RJA00X68123456',
  brand: 'Renault',
  model: 'Clio V',
  registration: 'HJ-100-FH',
  firstRegistrationDate: '2021-03-14',
  version: '1.0 TCe 90',
  typemine: 'MRE1234',
  gender: 'VP',
  label: 'CLIO V 1.0 TCE 90',
  cnit: 'M10RENVP0001234',
  gearbox: 'Manuelle',
  numberOfGears: 5,
  color: 'Gris',
  numberOfDoors: 5,
  bodywork: 'Berline',
  energy: 'Essence',
  engineDisplacement: 999,
  taxHorsePower: 5,
  kilowattPower: 67,
  horsePower: 91,
  emptyWeight: 1_090,
  grossVehicleWeightRating: 1_570,
  co2: 118,
  propulsion: 'Traction',
};

export const clioWindscreen = variant('8540AGSMVZ', 'Pare-brise feuilleté athermique', 41_230, {
  audatex: 'RE-CLIO5',
  rainSensor: true,
  euroCode: '8540AGSMVZ',
});

/** Identified by its VIN: the part has its glass and price; labour waits for the hourly rate. */
export const clioResult: SidexaResult = {
  ...vehicle,
  options: ['Capteur de pluie', 'Boîte manuelle', 'Climatisation automatique'],
  vinIdentified: true,
  lines: [
    {
      codpiece: 'PB',
      title: clioWindscreen.label,
      details: '8540AGSMVZ',
      quantity: 1,
      unit: 'u',
      preTaxAmount: 41_230,
      variants: [clioWindscreen],
      subTypeCode: 'windscreen',
    },
    labour('PB-MO', 1.5),
    kit,
  ],
};

export const golfVariants = [
  variant('5G0845011A', 'Pare-brise vert teinté', 38_900),
  variant('5G0845011B', 'Pare-brise avec capteur de pluie', 45_600, { rainSensor: true }),
];

/** Not identified by its VIN: a variant to choose for the windscreen. */
export const golfResult: SidexaResult = {
  ...vehicle,
  serialNumber: null,
  brand: 'Volkswagen',
  model: 'Golf VIII',
  registration: 'FA-899-EN',
  options: ['Boîte automatique'],
  vinIdentified: false,
  lines: [
    {
      codpiece: 'PB',
      title: 'Pare-brise',
      details: '',
      quantity: 1,
      unit: 'u',
      preTaxAmount: null,
      variants: golfVariants,
      subTypeCode: 'windscreen',
    },
    labour('PB-MO', 1.5),
    kit,
  ],
};

/** What enrich answers for the second variant. */
export const golfPriced: SidexaLine[] = [
  {
    codpiece: 'PB',
    title: 'Pare-brise avec capteur de pluie',
    details: '5G0845011B-EC',
    quantity: 1,
    unit: 'u',
    preTaxAmount: 45_600,
    variants: [golfVariants[1] as Variant],
    subTypeCode: 'windscreen',
  },
  labour('PB-MO', 1.5),
  kit,
];

export const statusWithData: SidexaStatus = { hasVehicleData: true, tokenId: 'tok-1', registration: 'HJ-100-FH' };
export const statusFresh: SidexaStatus = { hasVehicleData: false, tokenId: null, registration: 'HJ-100-FH' };
