import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A pass-through that digests what leaves (SHA-256) and, once the last byte is written, hands its size and digest to
 * `written` (the export's event of the technical log): the event records the file the user actually received.
 */
export function digestingTap(written: (bytes: number, sha256: string) => Promise<unknown>): Transform {
  const digest = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      written(bytes, digest.digest('hex'))
        .then(() => done())
        .catch(done);
    },
  });
}
