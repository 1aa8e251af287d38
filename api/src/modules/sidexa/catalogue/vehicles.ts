import {
  formatPlate,
  isSivPlate,
  normalizePlate,
  SIDEXA_HOUR_UNIT,
  SIDEXA_PIECE_UNIT,
  type SidexaLine,
  type SidexaResult,
  type Variant,
} from 'contracts';
import { BRAND_ALIASES, COLORS, MODELS, type ModelRow, NO_RESULT_PLATES, type VersionRow } from './models';
import { brandCode, CAMERA_OPTION_CODE, type GlassKind, hash, type PartSpec, partsOf } from './parts';

/*
 * The catalogue's vehicles, built from the model table: each model has two registered vehicles (one identified by
 * its VIN, one not), a folder's plate of a catalogue model answers a vehicle of that model, and a few plates answer
 * nothing. Everything is a pure function of its input: the same plate gives the same vehicle on every machine.
 */

export interface CatalogueQuery {
  registration: string;
  vin?: string | null;
  /** The folder's brand and model: the catalogue answers any plate of a model it knows (the demo's folders). */
  brand?: string | null;
  model?: string | null;
  /** The glass the folder is about: its parts are the lines (windscreen when unknown). */
  glass?: string | null;
}

export type CatalogueAnswer = { found: true; result: SidexaResult } | { found: false; message: string };

/** The provider's words when the registration file has no such plate. */
export const noResultText = (registration: string) =>
  `Aucun véhicule ne correspond à l’immatriculation ${formatPlate(registration)} dans la base SIV.`;

export const ADAS_CALIBRATION_HOURS = 1;
export const BONDING_KIT = { title: 'Kit de collage polyuréthane et primaire', preTaxAmount: 3_490 } as const;

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length] as T;

/** Lower case, no accents, letters and digits only: "Golf 8" = "golf8", "Citroën" = "citroen". */
export const simplify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';

/** A 17-character VIN of the model (no I, O or Q), from a seed. */
function vinOf(model: ModelRow, seed: string): string {
  let rest = '';
  let value = hash(seed);
  for (let index = 0; index < 14; index++) {
    if (index % 6 === 0) value = hash(`${seed}:${index}`);
    rest += VIN_CHARS[value % VIN_CHARS.length];
    value = Math.floor(value / VIN_CHARS.length);
  }
  return `${model.wmi}${rest}`;
}

/** The two registered vehicles of model `index`: n = 0 identified by VIN, n = 1 not. No Q (test fixtures), no WW. */
function registeredPlate(index: number, n: number): string {
  const value = hash(`plate:${index}:${n}`);
  const letter = (shift: number) => PLATE_LETTERS[Math.floor(value / 22 ** shift) % PLATE_LETTERS.length] as string;
  const first = letter(0) === 'W' ? 'X' : letter(0);
  return `${first}${letter(1)}${String(100 + (((index * 2 + n) * 17) % 900)).padStart(3, '0')}${letter(2)}${letter(3)}`;
}

export interface RegisteredVehicle {
  /** AB123CD. */
  plate: string;
  vin: string;
  model: ModelRow;
  vinIdentified: boolean;
}

/** Every plate the catalogue's registration file holds: two per model. */
export const REGISTERED: RegisteredVehicle[] = MODELS.flatMap((model, index) =>
  [0, 1].map((n) => {
    const plate = registeredPlate(index, n);
    return { plate, vin: vinOf(model, `vin:${plate}`), model, vinIdentified: n === 0 };
  }),
);
const BY_PLATE = new Map(REGISTERED.map((vehicle) => [vehicle.plate, vehicle]));
const BY_VIN = new Map(REGISTERED.map((vehicle) => [vehicle.vin, vehicle]));

/** The catalogue model a folder's brand and model name, if any (exact alias first, then a prefix). */
export function findModel(brand: string | null | undefined, model: string | null | undefined): ModelRow | undefined {
  if (!brand || !model) return undefined;
  const wantedBrand = simplify(brand);
  const wantedModel = simplify(model);
  if (!wantedModel) return undefined;
  const sameBrand = MODELS.filter((row) =>
    [simplify(row.brand), ...(BRAND_ALIASES[row.brand] ?? [])].includes(wantedBrand),
  );
  return (
    sameBrand.find((row) => row.aliases.includes(wantedModel) || simplify(row.model) === wantedModel) ??
    sameBrand.find((row) => wantedModel.startsWith(simplify(row.model)))
  );
}

// ---------------------------------------------------------------- lines

const hasCamera = (chosen: Variant) => chosen.options.some((item) => item.code === CAMERA_OPTION_CODE);

/** The calibration a windscreen with a camera needs once replaced. */
export function calibrationLine(codpiece: string): SidexaLine {
  return {
    codpiece: `${codpiece}-ADAS`,
    title: 'Recalibrage de la caméra d’aide à la conduite (ADAS)',
    details: '',
    quantity: ADAS_CALIBRATION_HOURS,
    unit: SIDEXA_HOUR_UNIT,
    preTaxAmount: null,
    variants: [],
    subTypeCode: 'labour',
  };
}

/** The lines that go with a part: its labour, its bonding kit, and the camera calibration when it has one. */
function companionLines(part: PartSpec, chosen?: Variant): SidexaLine[] {
  const lines: SidexaLine[] = [
    {
      codpiece: `${part.codpiece}-MO`,
      title: `Main-d’œuvre dépose et pose : ${part.title.toLowerCase()}`,
      details: '',
      quantity: part.hours,
      unit: SIDEXA_HOUR_UNIT,
      preTaxAmount: null,
      variants: [],
      subTypeCode: 'labour',
    },
  ];
  if (part.bonded) {
    lines.push({
      codpiece: `${part.codpiece}-KIT`,
      title: BONDING_KIT.title,
      details: 'KIT-PU',
      quantity: 1,
      unit: SIDEXA_PIECE_UNIT,
      preTaxAmount: BONDING_KIT.preTaxAmount,
      variants: [],
      subTypeCode: 'consumable',
    });
  }
  if (chosen && hasCamera(chosen)) lines.push(calibrationLine(part.codpiece));
  return lines;
}

/** A part's line: resolved (its variant's label, Eurocode and price) or open (every variant, no price yet). */
function partLine(
  part: { codpiece: string; title: string; variants: Variant[] },
  subTypeCode: string,
  chosen?: Variant,
): SidexaLine {
  return {
    codpiece: part.codpiece,
    title: chosen ? chosen.label : part.title,
    details: chosen ? chosen.euroCode : '',
    quantity: 1,
    unit: SIDEXA_PIECE_UNIT,
    preTaxAmount: chosen ? chosen.preTaxAmount : null,
    variants: chosen ? [chosen] : part.variants,
    subTypeCode,
  };
}

// ---------------------------------------------------------------- the vehicle

const GLASS_KINDS: readonly string[] = ['windscreen', 'side', 'rear'];

const toDrive = (drive: VersionRow[9]) =>
  drive === 'P' ? 'Propulsion' : drive === 'I' ? 'Intégrale' : ('Traction' as const);

/** Equipment labels of the vehicle: what its glass has, then what its range usually has. */
function equipment(model: ModelRow, version: VersionRow, windscreen: Variant | undefined): string[] {
  const options = new Set<string>();
  for (const item of windscreen?.options ?? []) options.add(item.label);
  if (!windscreen && model.features.includes('R')) options.add('Capteur de pluie (selon finition)');
  if (!windscreen && model.features.includes('C')) options.add('Caméra d’aide à la conduite (selon finition)');
  options.add('Lunette arrière dégivrante');
  options.add(version[5] === 'A' ? 'Boîte automatique' : 'Boîte manuelle');
  options.add('Climatisation automatique');
  if (model.gender === 'VP') options.add('Aide au stationnement arrière');
  if (version[1] === 'Électrique' || version[1] === 'Hybride rechargeable') options.add('Câble de recharge Type 2');
  return [...options];
}

/** The vehicle of `plate`, a `model`, as the registration file and the glass catalogue describe it. */
export function buildVehicle(
  model: ModelRow,
  plate: string,
  vin: string | null,
  vinIdentified: boolean,
  glass: string | null | undefined,
): SidexaResult {
  const seed = hash(`vehicle:${plate}`);
  const version = pick(model.versions, seed) as VersionRow;
  const [label, energy, displacement, kilowatts, fiscal, gearbox, gears, co2, weight, drive] = version;
  // Still sold: registrations up to 2024, so a first registration is never in the future.
  const lastYear = Math.min(model.years[1] ?? 2024, 2024);
  const year = model.years[0] + (seed % (lastYear - model.years[0] + 1));
  const month = 1 + (Math.floor(seed / 7) % 12);
  const day = 1 + (Math.floor(seed / 97) % 28);
  const serialNumber = vin ?? vinOf(model, `vin:${plate}`);
  const kind = (GLASS_KINDS.includes(glass ?? '') ? glass : 'windscreen') as GlassKind;
  const lines: SidexaLine[] = [];
  let windscreen: Variant | undefined;
  for (const part of partsOf(model, kind)) {
    const chosen = vinIdentified ? pick(part.variants, hash(`${serialNumber}:${part.codpiece}`)) : undefined;
    if (part.kind === 'windscreen') windscreen = chosen;
    lines.push(partLine(part, part.kind, chosen), ...companionLines(part, chosen));
  }
  const code = brandCode(model);
  const typeSuffix = String(hash(`type:${model.key}:${label}`) % 10_000_000).padStart(7, '0');
  return {
    serialNumber,
    brand: model.brand,
    model: model.model,
    registration: formatPlate(plate),
    firstRegistrationDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    version: label,
    typemine: `M${code.slice(0, 2)}${model.euro}${typeSuffix.slice(0, 4)}`,
    gender: model.gender,
    label: `${model.model} ${label}`.toUpperCase(),
    cnit: `M10${code}${model.gender === 'CTTE' ? 'VU' : 'VP'}${typeSuffix}`,
    gearbox: gearbox === 'A' ? 'Automatique' : 'Manuelle',
    numberOfGears: gears,
    color: pick(COLORS, Math.floor(seed / 13)),
    numberOfDoors: model.doors,
    bodywork: model.bodywork,
    energy,
    engineDisplacement: displacement,
    taxHorsePower: fiscal,
    kilowattPower: kilowatts,
    horsePower: Math.round(kilowatts * 1.3596),
    emptyWeight: weight,
    grossVehicleWeightRating: weight + (model.payload ?? 480),
    co2,
    propulsion: toDrive(drive),
    options: equipment(model, version, windscreen),
    vinIdentified,
    lines,
  };
}

/**
 * What the catalogue answers for a query: the registered vehicle of the plate (or of the VIN), else a vehicle of the
 * folder's model when the catalogue knows it (identified when the folder gives its VIN), else the no-result text.
 */
export function catalogueLookup(query: CatalogueQuery): CatalogueAnswer {
  const plate = normalizePlate(query.registration);
  const vin = query.vin ? query.vin.toUpperCase().replace(/[^A-Z0-9]/g, '') : null;
  const notFound = { found: false as const, message: noResultText(query.registration) };
  if (!isSivPlate(plate) || plate.startsWith('WW') || NO_RESULT_PLATES.includes(plate)) return notFound;
  const registered = BY_PLATE.get(plate) ?? (vin ? BY_VIN.get(vin) : undefined);
  if (registered) {
    const result = buildVehicle(registered.model, plate, registered.vin, registered.vinIdentified, query.glass);
    return { found: true, result };
  }
  const model = findModel(query.brand, query.model);
  if (!model) return notFound;
  const validVin = vin && /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ? vin : null;
  return { found: true, result: buildVehicle(model, plate, validVin, validVin !== null, query.glass) };
}

/**
 * The catalogue's prices for a selection (validated by the caller against the lines): each selected part with its
 * variant, then its labour and kit, and the camera calibration when the chosen glass has a camera. Parts left out
 * are dropped with their companion lines.
 */
export function cataloguePrice(lines: SidexaLine[], selection: Map<string, Variant>): SidexaLine[] {
  const priced: SidexaLine[] = [];
  for (const line of lines) {
    const chosen = line.variants.length > 0 ? selection.get(line.codpiece) : undefined;
    if (!chosen) continue;
    const companions = lines.filter(
      (other) => other.codpiece.startsWith(`${line.codpiece}-`) && !other.codpiece.endsWith('-ADAS'),
    );
    priced.push(partLine(line, line.subTypeCode, chosen), ...companions);
    if (hasCamera(chosen)) priced.push(calibrationLine(line.codpiece));
  }
  return priced;
}
