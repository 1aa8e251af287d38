import { DEMO_COMPANIES, vatNumberOf } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { companies, franchises, products, suppliers } from '../db/schema';
import { applyStockMovement, setThreshold } from '../modules/products/stock-repository';

type Seed = typeof products.$inferInsert;
type Item = Omit<Seed, 'companyId'>;

const glass = (name: string, eurocode: string, price: number, category = 'Pare-brise'): Item => ({
  name,
  eurocode,
  productCode: eurocode,
  price,
  category,
  stockTracked: true,
  description: `${category} d’origine équivalente, homologué E.`,
});

/** The franchise's shared glass catalogue: real Eurocode patterns, prices before tax in cents. */
const FRANCHISE_CATALOGUE: Item[] = [
  glass('Pare-brise Renault Clio V', '6054AGSMVZ1B', 32_900),
  glass('Pare-brise Renault Clio IV', '6041AGSMVZ1B', 28_900),
  glass('Pare-brise Renault Mégane IV capteur pluie', '6049AGSMVZ6B', 41_500),
  glass('Pare-brise Renault Captur II caméra', '6059AGSMVZ6C', 56_900),
  glass('Pare-brise Peugeot 208 II', '8575AGSMV1B', 31_500),
  glass('Pare-brise Peugeot 308 III caméra', '8583AGSMV6C', 61_900),
  glass('Pare-brise Peugeot 3008 II capteur pluie', '8574AGSMV6B', 47_900),
  glass('Pare-brise Citroën C3 III', '2475AGNMV1B', 29_900),
  glass('Pare-brise Citroën C5 Aircross caméra', '2486AGSMV6C', 58_900),
  glass('Pare-brise Dacia Sandero III', '1751AGNV', 24_900),
  glass('Pare-brise Dacia Duster II', '1746AGNV', 26_900),
  glass('Pare-brise Volkswagen Golf VIII caméra', '8653AGSMVW6C', 64_900),
  glass('Pare-brise Volkswagen Polo VI', '8645AGSV', 33_900),
  glass('Pare-brise Toyota Yaris IV caméra', '4580AGSMVW6C', 55_900),
  glass('Pare-brise Tesla Model 3', '9200AGSMVZ6C', 89_900),
  glass('Vitre latérale avant gauche Clio V', '6054LFDH5FD', 14_900, 'Vitre latérale'),
  glass('Vitre latérale avant droite 208 II', '8575RFDH5FD', 15_900, 'Vitre latérale'),
  glass('Vitre latérale arrière gauche Golf VIII', '8653LFDH5RD', 13_900, 'Vitre latérale'),
  glass('Lunette arrière Clio V chauffante', '6054BGSHMH5', 27_900, 'Lunette arrière'),
  glass('Lunette arrière 208 II chauffante', '8575BGSHMH5', 29_900, 'Lunette arrière'),
  glass('Lunette arrière Sandero III', '1751BGSH5', 21_900, 'Lunette arrière'),
  {
    name: 'Kit colle polyuréthane 1 h',
    productCode: 'COL-PU-1H',
    price: 3_490,
    category: 'Colle et consommable',
    stockTracked: true,
  },
  {
    name: 'Primaire verre et carrosserie',
    productCode: 'PRIM-01',
    price: 1_890,
    category: 'Colle et consommable',
    stockTracked: true,
  },
  {
    name: 'Joint de pare-brise universel (m)',
    productCode: 'JNT-UNI',
    price: 690,
    category: 'Colle et consommable',
    stockTracked: true,
  },
  {
    name: 'Résine de réparation d’impact',
    productCode: 'RES-IMP',
    price: 1_250,
    category: 'Colle et consommable',
    stockTracked: true,
  },
  {
    name: 'Gel capteur de pluie',
    productCode: 'GEL-CPT',
    price: 1_490,
    category: 'Capteur et caméra',
    stockTracked: true,
  },
  {
    name: 'Support caméra aide à la conduite',
    productCode: 'SUP-CAM',
    price: 2_990,
    category: 'Capteur et caméra',
    stockTracked: true,
  },
  { name: 'Recalibrage caméra (ADAS)', productCode: 'MO-ADAS', price: 12_000, category: 'Main-d’œuvre', unit: 'hour' },
  { name: 'Pose pare-brise', productCode: 'MO-POSE-PB', price: 6_500, category: 'Main-d’œuvre', unit: 'hour' },
  { name: 'Pose vitre latérale', productCode: 'MO-POSE-VL', price: 6_500, category: 'Main-d’œuvre', unit: 'hour' },
  { name: 'Réparation d’impact', productCode: 'MO-REP-IMP', price: 6_900, category: 'Main-d’œuvre', unit: 'hour' },
  { name: 'Déplacement intervention mobile', productCode: 'DEPL-MOB', price: 3_500, category: 'Autre' },
];

/** Each garage's own products beside the catalogue; one of them no longer sold. */
const OWN_PRODUCTS: Item[] = [
  {
    name: 'Balais d’essuie-glace (paire)',
    productCode: 'ESS-PAIRE',
    price: 2_490,
    category: 'Pièce mécanique',
    stockTracked: true,
  },
  {
    name: 'Lave-glace hiver 5 L',
    productCode: 'LAVE-5L',
    price: 890,
    category: 'Colle et consommable',
    stockTracked: true,
  },
  { name: 'Traitement anti-pluie', productCode: 'ANTI-PLUIE', price: 1_990, category: 'Autre' },
  { name: 'Nettoyage intérieur vitrage', productCode: 'NET-VIT', price: 1_500, category: 'Main-d’œuvre', unit: 'hour' },
  {
    name: 'Ancien kit colle 2 h',
    productCode: 'COL-PU-2H',
    price: 2_990,
    category: 'Colle et consommable',
    disabled: true,
  },
];

/** A SIRET whose last digit makes the Luhn sum a multiple of 10. */
function siretFrom(base13: string): string {
  for (let check = 0; check <= 9; check++) {
    const candidate = `${base13}${check}`;
    const sum = [...candidate].reverse().reduce((total, char, index) => {
      const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

const SUPPLIERS = [
  {
    name: 'Vitrages Distribution Rhône',
    contactName: 'Sandrine Collet',
    city: 'Vénissieux',
    postalCode: '69200',
    paymentTerms: '45 jours fin de mois',
  },
  {
    name: 'Grossiste Pare-Brise Sud',
    contactName: 'Karim Benali',
    city: 'Vitrolles',
    postalCode: '13127',
    paymentTerms: '30 jours',
  },
  {
    name: 'Colles & Mastics Pro',
    contactName: 'Julie Marchand',
    city: 'Nanterre',
    postalCode: '92000',
    paymentTerms: 'Comptant',
  },
] as const;

/** The demo catalogue, once: a database that already has products is left alone. */
export async function seedProductsDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260113)`);
    const [existing] = await tx.select({ id: products.id }).from(products).limit(1);
    if (existing) return false;
    const [head] = await tx
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(franchises, eq(franchises.id, companies.franchiseId))
      .where(eq(companies.name, DEMO_COMPANIES.franchisor));
    const garages = await tx.select({ id: companies.id, name: companies.name }).from(companies);
    const rows: Seed[] = [];
    if (head) rows.push(...FRANCHISE_CATALOGUE.map((item) => ({ ...item, companyId: head.id, shared: true })));
    for (const garage of garages) {
      if (garage.id === head?.id) continue;
      rows.push(...OWN_PRODUCTS.map((item) => ({ ...item, companyId: garage.id })));
    }
    await tx.insert(suppliers).values(
      garages.flatMap((garage) =>
        SUPPLIERS.map((supplier, index) => {
          const siret = siretFrom(`${String(400_000_000 + garage.id * 1_000 + index * 7)}0001`.slice(0, 13));
          return {
            ...supplier,
            companyId: garage.id,
            siret,
            vatNumber: vatNumberOf(siret.slice(0, 9)),
            email: `commandes@${supplier.name
              .toLowerCase()
              .replace(/[^a-z]+/g, '-')
              .replace(/^-|-$/g, '')}.fr`,
            phone: `04${String(72_000_000 + garage.id * 100 + index)}`,
            address: `${12 + index} avenue de l’Industrie`,
          };
        }),
      ),
    );
    if (rows.length === 0) return true;
    const saved = await tx.insert(products).values(rows).returning();
    // Each garage holds some of what it sells: a delivery at ~60 % of the price, then what went out,
    // so the list shows products in stock, low (at or under their threshold) and out of stock.
    for (const garage of garages) {
      if (garage.id === head?.id) continue;
      const stockable = saved.filter((item) => item.stockTracked && (item.shared || item.companyId === garage.id));
      for (const [index, item] of stockable.entries()) {
        if (index % 5 === 4) continue;
        const received = 4 + ((garage.id * 7 + index * 3) % 9);
        await applyStockMovement(tx, {
          companyId: garage.id,
          productId: item.id,
          kind: 'reception',
          quantity: received,
          unitCost: Math.round(item.price * 0.6),
          reason: '',
          reference: `BL-${2026}-${String(garage.id * 100 + index).padStart(4, '0')}`,
          userId: null,
        });
        const sold = index % 4 === 0 ? received : index % 3 === 0 ? received - 1 : 0;
        if (sold > 0) {
          await applyStockMovement(tx, {
            companyId: garage.id,
            productId: item.id,
            kind: 'invoice',
            quantity: -sold,
            unitCost: null,
            reason: 'Pose client',
            reference: '',
            userId: null,
          });
        }
        await setThreshold(tx, garage.id, item.id, 2);
      }
    }
    return true;
  });
}
