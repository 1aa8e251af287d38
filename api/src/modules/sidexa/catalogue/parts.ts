import type { Variant, VariantOption } from 'contracts';
import type { ModelRow } from './models';

// The catalogue's glass parts of a model: windscreen variants (sensors, camera, premium glass), side and rear parts,
// each with its Euro code, part number, labour hours and price.

export type GlassKind = 'windscreen' | 'side' | 'rear';

/** Hours of labour per part, and what goes with bonded glass. */
export const LABOUR_HOURS = { windscreen: 1.5, windscreenVan: 2, side: 1, rear: 1.2, barn: 0.8 } as const;
/** 32-bit FNV-1a: small, stable, good enough to spread plates over versions, colours and variants. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
const BRAND_CODES: Record<string, string> = {
  Renault: 'REN',
  Peugeot: 'PGT',
  Citroën: 'CTR',
  Dacia: 'DAC',
  Volkswagen: 'VWG',
  Toyota: 'TYT',
  Tesla: 'TSL',
  Ford: 'FRD',
  Opel: 'OPL',
  Seat: 'SEA',
  Nissan: 'NSN',
  Hyundai: 'HYU',
  Kia: 'KIA',
  Audi: 'AUD',
  BMW: 'BMW',
  'Mercedes-Benz': 'MCD',
  Fiat: 'FIA',
};
export const brandCode = (model: ModelRow) => BRAND_CODES[model.brand] ?? model.brand.slice(0, 3).toUpperCase();

export interface PartSpec {
  codpiece: string;
  title: string;
  kind: GlassKind;
  hours: number;
  bonded: boolean;
  variants: Variant[];
}

const option = (code: string, label: string): VariantOption => ({ code, label });
const RAIN = option('CP', 'Capteur de pluie');
const LIGHT = option('CL', 'Capteur de luminosité');
const CAMERA = option('CAM', 'Caméra d’aide à la conduite');
const ACOUSTIC = option('ACO', 'Verre acoustique');
const HEATED = option('CH', 'Pare-brise chauffant');
const HUD = option('HUD', 'Affichage tête haute');
const TINTED = option('ST', 'Verre surteinté');
const HEATED_REAR = option('DEG', 'Dégivrage');
export const CAMERA_OPTION_CODE = CAMERA.code;

const modelRange = (model: ModelRow) =>
  `${model.brand} ${model.model} (${model.years[0]}-${model.years[1] === null ? '' : model.years[1]})`;
export const audatexOf = (model: ModelRow) => `AX${brandCode(model)}${model.euro}`;

/** An OE-looking part number from its Eurocode (10 characters). */
const partNumber = (model: ModelRow, euroCode: string) =>
  `${brandCode(model).slice(0, 2)}${String(hash(`ref:${euroCode}`) % 100_000_000).padStart(8, '0')}`;

function variant(
  model: ModelRow,
  euroCode: string,
  label: string,
  preTaxAmount: number,
  installationType: string,
  options: VariantOption[],
): Variant {
  return {
    ref: partNumber(model, euroCode),
    label,
    audatex: audatexOf(model),
    model: modelRange(model),
    preTaxAmount,
    euroCode,
    rainSensor: options.includes(RAIN),
    brightnessSensor: options.includes(LIGHT),
    installationType,
    options,
  };
}

const PREMIUM: [feature: string, suffix: string, label: string, option: VariantOption, surcharge: number][] = [
  ['U', 'AGSMVWHU6C', 'Pare-brise affichage tête haute, capteurs et caméra', HUD, 38_000],
  ['H', 'AGSHMVW6C', 'Pare-brise chauffant, capteurs et caméra', HEATED, 31_000],
  ['A', 'AGSAMVW6C', 'Pare-brise acoustique, capteurs et caméra', ACOUSTIC, 27_000],
];

/** Windscreens: a plain one, then one per feature of the model, each with what the previous ones had. */
function windscreenVariants(model: ModelRow): Variant[] {
  const [price] = model.prices;
  const e = model.euro;
  const list = [variant(model, `${e}AGNV`, 'Pare-brise athermique teinté vert', price, 'Collé', [])];
  if (model.features.includes('R')) {
    list.push(
      variant(model, `${e}AGSMVZ1B`, 'Pare-brise capteur de pluie et de luminosité', price + 5_500, 'Collé', [
        RAIN,
        LIGHT,
      ]),
    );
  }
  if (model.features.includes('C')) {
    list.push(
      variant(model, `${e}AGSMVW6C`, 'Pare-brise capteurs et caméra d’aide à la conduite', price + 21_000, 'Collé', [
        RAIN,
        LIGHT,
        CAMERA,
      ]),
    );
  }
  // The range's best windscreen: head-up display, else heated, else acoustic (a fourth variant at most).
  const premium = PREMIUM.find(([feature]) => model.features.includes(feature));
  if (premium) {
    const [, suffix, label, extra, surcharge] = premium;
    const options = model.features.includes('C') ? [RAIN, LIGHT, CAMERA, extra] : [RAIN, LIGHT, extra];
    list.push(variant(model, `${e}${suffix}`, label, price + surcharge, 'Collé', options));
  }
  return list.slice(0, 4);
}

const SIDE_NAMES: Record<string, string> = {
  VPAVG: 'Vitre de porte avant gauche',
  VPAVD: 'Vitre de porte avant droite',
  VPARG: 'Vitre de porte arrière gauche',
  VPARD: 'Vitre de porte arrière droite',
};

function sideParts(model: ModelRow): PartSpec[] {
  const [, price] = model.prices;
  const codes = model.doors >= 4 && model.gender === 'VP' ? ['VPAVG', 'VPAVD', 'VPARG', 'VPARD'] : ['VPAVG', 'VPAVD'];
  return codes.map((codpiece) => {
    const title = SIDE_NAMES[codpiece] as string;
    const side = codpiece.endsWith('G') ? 'L' : 'R';
    const front = codpiece.startsWith('VPAV');
    const base = `${model.euro}${side}${front ? 'F' : 'R'}D`;
    const rear = front ? 'FD' : 'RD';
    const variants = front
      ? [
          variant(model, `${base}H${model.doors}${rear}`, `${title} teintée`, price, 'Descendante', []),
          variant(
            model,
            `${base}L${model.doors}${rear}`,
            `${title} feuilletée acoustique`,
            price + 4_500,
            'Descendante',
            [ACOUSTIC],
          ),
        ]
      : [
          variant(model, `${base}H${model.doors}${rear}`, `${title} teintée`, price - 1_000, 'Descendante', []),
          variant(model, `${base}W${model.doors}${rear}`, `${title} surteintée`, price + 1_500, 'Descendante', [
            TINTED,
          ]),
        ];
    return { codpiece, title, kind: 'side' as const, hours: LABOUR_HOURS.side, bonded: false, variants };
  });
}

function rearParts(model: ModelRow): PartSpec[] {
  const [, , price] = model.prices;
  const e = model.euro;
  if (model.rear === 'barn') {
    return (['G', 'D'] as const).map((side) => {
      const title = `Vitre de porte arrière battante ${side === 'G' ? 'gauche' : 'droite'}`;
      const code = `${e}BG${side === 'G' ? 'L' : 'R'}`;
      return {
        codpiece: `VPB${side}`,
        title,
        kind: 'rear' as const,
        hours: LABOUR_HOURS.barn,
        bonded: true,
        variants: [
          variant(model, `${code}N`, `${title} non chauffante`, price, 'Collé', []),
          variant(model, `${code}H`, `${title} chauffante`, price + 3_000, 'Collé', [HEATED_REAR]),
        ],
      };
    });
  }
  const title = 'Lunette arrière';
  return [
    {
      codpiece: 'LAR',
      title,
      kind: 'rear',
      hours: LABOUR_HOURS.rear,
      bonded: true,
      variants: [
        variant(model, `${e}BGSH${model.doors}`, `${title} chauffante`, price, 'Collé', [HEATED_REAR]),
        variant(model, `${e}BGSHW${model.doors}`, `${title} chauffante surteintée`, price + 3_500, 'Collé', [
          HEATED_REAR,
          TINTED,
        ]),
      ],
    },
  ];
}

export function partsOf(model: ModelRow, kind: GlassKind): PartSpec[] {
  if (kind === 'side') return sideParts(model);
  if (kind === 'rear') return rearParts(model);
  return [
    {
      codpiece: 'PB',
      title: 'Pare-brise',
      kind: 'windscreen',
      hours: model.gender === 'CTTE' ? LABOUR_HOURS.windscreenVan : LABOUR_HOURS.windscreen,
      bonded: true,
      variants: windscreenVariants(model),
    },
  ];
}
