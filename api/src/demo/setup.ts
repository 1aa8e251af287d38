import { deflateSync } from 'node:zlib';
import { isValidIban } from 'contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { companies, companyLogos } from '../db/schema';
import { saveLogo } from '../modules/company/logo-repository';

/*
 * What makes the demo garages' « Mise en route » complete: a logo and a bank account that passes its check. The
 * other items come from the other parts of the seed (identity, rates, insurers, team, templates) and, for mail and
 * SMS, from the demo's sink (modules/demo-sink).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 160×64 PNG: the garage's colour with a windscreen drawn in white, enough to be recognised on a quote. */
export function demoLogo([red, green, blue]: [number, number, number]): Buffer {
  const width = 160;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      // A trapezoid (the windscreen) between y 14 and 50, narrower at the top.
      const inset = 40 + Math.round(((50 - y) * 16) / 36);
      const glass = y >= 14 && y <= 50 && x >= inset && x <= width - inset;
      row.set(glass ? [255, 255, 255] : [red, green, blue], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A French IBAN whose check digits are right (ISO 13616: 98 minus the remainder by 97). */
export function demoIban(companyId: number): string {
  const bban = `30004${String(10_000 + companyId).slice(-5)}${String(companyId).padStart(11, '0')}12`;
  const digits = `${bban}152700`; // FR00: F=15, R=27
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  const key = String(98 - remainder).padStart(2, '0');
  return `FR${key}${bban}`.replace(/(.{4})/g, '$1 ').trim();
}

const COLOURS: [number, number, number][] = [
  [22, 119, 255],
  [19, 194, 194],
  [250, 140, 22],
  [114, 46, 209],
  [82, 196, 26],
];

/** Each demo garage without a logo gets one; an IBAN that fails its check is replaced by a valid one. */
export async function seedSetupDemo(db: Database): Promise<void> {
  const garages = await db
    .select({ id: companies.id, iban: companies.iban })
    .from(companies)
    .leftJoin(companyLogos, eq(companyLogos.companyId, companies.id))
    .where(and(eq(companies.demo, true), isNull(companyLogos.companyId)));
  for (const [index, garage] of garages.entries()) {
    await saveLogo(db, garage.id, 'image/png', demoLogo(COLOURS[index % COLOURS.length] ?? [22, 119, 255]));
    if (!garage.iban || !isValidIban(garage.iban)) {
      await db
        .update(companies)
        .set({ iban: demoIban(garage.id) })
        .where(eq(companies.id, garage.id));
    }
  }
}
