import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { crc32, createDeflateRaw } from 'node:zlib';

/*
 * Hostile files for the upload routes: contents that lie about their kind, a zip bomb, names that try
 * paths, and a client that stops sending in the middle of a too large file.
 */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Files that are not what their name says, each refused by its first bytes. */
export const LYING_FILES = [
  { name: 'facture.pdf', what: 'HTML renamed .pdf', content: '<!doctype html><script>alert(document.cookie)</script>' },
  {
    name: 'logo.svg',
    what: 'SVG with a script',
    content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  },
  {
    name: 'photo.jpg',
    what: 'a Windows program named .jpg',
    content: `MZ\u0090\u0000${'\u0000'.repeat(60)}PE\u0000\u0000`,
  },
  { name: 'photo.png', what: 'a GIF named .png', content: 'GIF89a\u0001\u0000\u0001\u0000' },
  { name: 'scan.pdf', what: 'a PNG cut after 4 bytes', content: '\u0089PNG' },
  { name: 'archive.pdf', what: 'a plain zip (no Office parts list)', content: 'PK\u0003\u0004\u0014\u0000' },
].map((file) => ({ ...file, content: Buffer.from(file.content, 'latin1') }));

/** Names a client may send, each with what must not survive in the stored name. */
export const HOSTILE_NAMES = [
  '../../etc/passwd.pdf',
  '..\\..\\windows\\system32\\facture.pdf',
  '/etc/shadow.pdf',
  'C:\\Users\\public\\facture.pdf',
  'fac\u0000ture.pdf',
  'facture\u202Efdp.exe',
  'line\r\nContent-Type: text/html.pdf',
  `${'é'.repeat(1_000)}.pdf`,
  '',
];

/**
 * A form-data body written by hand, so that a file name reaches the server exactly as given (a browser's FormData
 * would escape quotes and line breaks first).
 */
export function rawMultipart(
  parts: ({ name: string; value: string } | { name: string; fileName: string; content: Buffer })[],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'fileName' in part
        ? `form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'));
    chunks.push('fileName' in part ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
};

/**
 * An Office-looking zip (`[Content_Types].xml` first, as the documents accept) whose second entry inflates to
 * `megabytes` MB of zeros from about a thousandth of that: compressed natively, stream by stream.
 */
export async function zipBomb(megabytes = 512): Promise<{ bytes: Buffer; inflated: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let index = 0; index < megabytes; index++) {
    crc = crc32(zeros, crc);
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const inflated = megabytes << 20;
  const entries = [
    { name: '[Content_Types].xml', method: 0, data: Buffer.from('<?xml version="1.0"?><Types/>'), size: 0, crc: 0 },
    { name: 'xl/bombe.bin', method: 8, data: Buffer.concat(compressed), size: inflated, crc },
  ].map((entry) => (entry.method === 0 ? { ...entry, size: entry.data.length, crc: crc32(entry.data) } : entry));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const fields = [u16(20), u16(0), u16(entry.method), u16(0), u16(0x21), u32(entry.crc), u32(entry.data.length)];
    const local = Buffer.concat([u32(0x04034b50), ...fields, u32(entry.size), u16(name.length), u16(0), name]);
    locals.push(local, entry.data);
    centrals.push(
      Buffer.concat([u32(0x02014b50), u16(20), ...fields, u32(entry.size), u16(name.length), u16(0), u16(0)]),
      Buffer.concat([u16(0), u16(0), u32(0), u32(offset), name]),
    );
    offset += local.length + entry.data.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return { bytes: Buffer.concat([...locals, central, end]), inflated };
}

export interface HeldBackUpload {
  statusCode: number;
  body: string;
  /** Bytes the client had written when the answer came. */
  sent: number;
  /** Bytes its Content-Length announced. */
  announced: number;
}

/**
 * Uploads a file of `fileBytes` bytes to a listening server but stops writing `heldBack` bytes before the end of the
 * body it announced, and waits: an answer proves the server refused the file without waiting for the whole body.
 */
export function uploadHeldBack(options: {
  port: number;
  path: string;
  cookie: string;
  fields: Record<string, string>;
  fileField: string;
  fileBytes: number;
  heldBack: number;
}): Promise<HeldBackUpload> {
  const boundary = `----held${randomBytes(8).toString('hex')}`;
  const head = Buffer.concat([
    ...Object.entries(options.fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="gros.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const announced = head.length + (options.fileBytes - PDF.length) + tail.length;
  const toSend = announced - tail.length - options.heldBack;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      request.destroy();
      reject(new Error(`aucune réponse après ${sent} octets sur ${announced} : le serveur attend tout le corps`));
    }, 30_000);
    const request = httpRequest({
      host: '127.0.0.1',
      port: options.port,
      path: options.path,
      method: 'POST',
      headers: {
        cookie: options.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(announced),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent, announced });
      });
    });
    // The server may close the connection while the client still writes: only a missing answer is a failure.
    request.on('error', () => undefined);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    request.write(head);
    sent = head.length;
    const write = () => {
      while (sent < toSend && !settled) {
        const piece = chunk.subarray(0, Math.min(chunk.length, toSend - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      // Then nothing more: the body stays unfinished until the answer comes.
    };
    write();
  });
}
