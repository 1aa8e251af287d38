// Draws the fitter's app icons (pwa/icons/*.png): a white windscreen on the product's green. Run once when the
// design changes: `node shell/scripts/make-icons.mjs`. Plain PNG encoding (zlib), no image library.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const GREEN = [0x1e, 0x7b, 0x34];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A windscreen (a trapezoid, wider at the bottom) inside `inset` of the square; `rounded` corners for "any". */
function icon(size, inset, rounded) {
  const rows = [];
  const radius = rounded ? size * 0.18 : 0;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const cx = Math.max(radius - x, x - (size - 1 - radius), 0);
      const cy = Math.max(radius - y, y - (size - 1 - radius), 0);
      const outside = radius > 0 && cx * cx + cy * cy > radius * radius;
      const top = size * (inset + 0.18);
      const bottom = size * (1 - inset - 0.2);
      const t = (y - top) / (bottom - top);
      const half = size * (0.2 + 0.12 * t) * (1 - 2 * inset) * 1.6;
      const glass = t >= 0 && t <= 1 && Math.abs(x - size / 2) <= half;
      const [r, g, b] = glass ? WHITE : GREEN;
      row.push(r, g, b, outside ? 0 : 255);
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../pwa/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', dir), icon(192, 0.06, true));
writeFileSync(new URL('icon-512.png', dir), icon(512, 0.06, true));
// Maskable: the drawing inside the 80 % safe zone, the green to the edges.
writeFileSync(new URL('icon-maskable-512.png', dir), icon(512, 0.14, false));
