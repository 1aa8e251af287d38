import {
  FITTER_CLOCK_SKEW_MS,
  FOLDER_NOT_FOUND_MESSAGE,
  SIGNATURE_INVALID,
  SIGNED_AT_FUTURE,
  SIGNED_AT_MAX_AGE_MS,
  SIGNED_AT_TOO_OLD,
  type SignBody,
  signatureBytes,
} from 'contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid, notFound } from '../../../lib/domain-error';
import { detectFileKind } from '../../../lib/file-kind';
import { addDocument } from '../documents/documents-repository';

export type Signed = { name: string; at: Date; png?: Uint8Array | undefined };

/** A paper of the folder to print: inline in the browser (`view`) or as a file (`download`), never cached. */
export function sendPaper(reply: FastifyReply, pdf: Uint8Array, fileName: string, action: 'view' | 'download') {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${action === 'download' ? 'attachment' : 'inline'}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

/**
 * When the customer signed: now, or the phone's clock for a paper signed offline (a few minutes ahead at most, a
 * month back at most).
 */
export function signingTime(signedAt: string | undefined, now = new Date()): Date {
  if (!signedAt) return now;
  const at = new Date(signedAt);
  if (at.getTime() > now.getTime() + FITTER_CLOCK_SKEW_MS) throw invalid(SIGNED_AT_FUTURE);
  if (at.getTime() < now.getTime() - SIGNED_AT_MAX_AGE_MS) throw invalid(SIGNED_AT_TOO_OLD);
  return at;
}

/**
 * A paper the customer signs on screen (the assignment of claim, the work order): the drawn signature checked by its
 * content (a PNG), the signed PDF added to the folder's documents under its type. Answers the new document.
 */
export async function addSignedPaper(
  app: FastifyInstance,
  request: FastifyRequest,
  folderId: number,
  body: SignBody & { signedAt?: string | undefined; idempotencyKey?: string | undefined },
  paper: { render: (signed: Signed) => Promise<Uint8Array>; name: string; typeFile: string; fileName: string },
) {
  const png = body.signature ? signatureBytes(body.signature) : undefined;
  if (png && detectFileKind(Buffer.from(png)) !== 'image/png') throw invalid(SIGNATURE_INVALID);
  const at = signingTime(body.signedAt);
  let pdf: Uint8Array;
  try {
    pdf = await paper.render({ name: body.signerName, at, png });
  } catch {
    // A PNG header over broken image data: pdf-lib cannot read it.
    throw invalid(SIGNATURE_INVALID);
  }
  const document = await addDocument(
    app.db,
    { userId: request.auth.userId, companyIds: request.auth.companyIds },
    folderId,
    {
      name: paper.name,
      typeFile: paper.typeFile,
      fileName: paper.fileName,
      mimeType: 'application/pdf',
      content: Buffer.from(pdf),
      numberInvoice: '',
      priceInvoice: '',
      signed: { by: body.signerName, at },
      idempotencyKey: body.idempotencyKey?.toLowerCase(),
    },
  );
  if (!document) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
  return document;
}
