import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { unsupportedType } from './domain-error';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

export const FORM_DATA_EXPECTED = 'La requête doit être envoyée en données de formulaire.';

/**
 * A file part's bytes, refused the moment it passes the multipart limit (`limits.fileSize`, 16 MB unless the route
 * gives less). `part.toBuffer()` only throws once the part has ended, so a client announcing gigabytes made the
 * server read (and drop) all of them before the 413; here the answer leaves at the limit. The error is the
 * plugin's own FST_REQ_FILE_TOO_LARGE, which the error handler answers with the French message.
 */
export function bufferPart(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  const { file } = part;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const tooLarge = () => {
      file.destroy();
      reject(new request.server.multipartErrors.RequestFileTooLargeError());
    };
    if (file.truncated) return tooLarge();
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', tooLarge);
    file.once('error', reject);
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks))));
  });
}

/** Reads a form-data body whole: text fields by name, files as buffers (each refused past the 16 MB limit). */
export async function readFormData(request: FastifyRequest) {
  if (!request.isMultipart()) throw unsupportedType(FORM_DATA_EXPECTED);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push({ fieldname: part.fieldname, filename: part.filename, buffer: await bufferPart(request, part) });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
