import { BILLING_DOCUMENT_NOT_FOUND, DOCUMENT_PERMISSIONS, type DocumentType } from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db';
import { forbidden, notFound } from '../../../lib/domain-error';
import { companiesWith, FORBIDDEN_MESSAGE } from '../../../plugins/app/auth';
import { documentHeader } from './documents-repository';

/*
 * Who reaches a billing document: every route naming one (the documents' own, their mails) checks it here, after the
 * `billingDocuments` preHandler (whoever reads any type).
 */

/** The caller's companies where their roles there allow `type` (per company, never the union over TOUT). */
export const companiesFor = (request: FastifyRequest, type: DocumentType): number[] =>
  companiesWith(request, DOCUMENT_PERMISSIONS[type]);

/**
 * The document's header when the caller reaches it: 404 outside the caller's companies (existence never revealed),
 * 403 when their roles there exclude its type (or `type`, what the call makes of it).
 */
export const documentReachable = (db: Database) => async (request: FastifyRequest, id: number, type?: DocumentType) => {
  const document = await documentHeader(db, request.auth.companyIds, id);
  if (!document) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  for (const needed of [document.type, ...(type ? [type] : [])]) {
    if (!companiesFor(request, needed).includes(document.companyId)) throw forbidden(FORBIDDEN_MESSAGE);
  }
  return document;
};

/**
 * Issuing an invoice paid at once (`settle`) takes the money: the cashier's permission, in the document's garage, or
 * 403. Without `settle`, nothing to check.
 */
export function checkMaySettle(request: FastifyRequest, document: { companyId: number }, settle: unknown): void {
  if (settle && !companiesWith(request, 'payments').includes(document.companyId)) throw forbidden(FORBIDDEN_MESSAGE);
}
