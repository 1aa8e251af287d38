import type { FastifyRequest } from 'fastify';
import { httpError } from './http-error';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

export const FORM_DATA_EXPECTED = 'La requête doit être envoyée en données de formulaire.';

/**
 * Reads a form-data body whole: text fields by name, files as buffers. The multipart plugin's 16 MB limit makes
 * `toBuffer` throw on a larger file, which the error handler answers with 413 and the French message.
 */
export async function readFormData(request: FastifyRequest) {
  if (!request.isMultipart()) throw httpError(415, FORM_DATA_EXPECTED);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push({ fieldname: part.fieldname, filename: part.filename, buffer: await part.toBuffer() });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
