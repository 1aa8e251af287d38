import { randomUUID } from 'node:crypto';
import type { LifecycleCode, LifecycleReason } from 'contracts';
import { cdarXml, type LifecycleStatus } from '../modules/einvoicing/lifecycle/cdar';
import { readEInvoice } from '../modules/einvoicing/reading/read-einvoice';
import type { PlatformState, StoredFlow } from './platform-state';

/*
 * The statuses the test platform sends back to the garage for an invoice it deposited, as CDAR flows of type
 * `CustomerInvoiceLC`: its own (200 Déposée, then 203 Mise à disposition when the buyer is in the directory, or 213
 * Rejetée when it is not), and the buyer's that a test asks for (204, 205, 207, 210, 211…).
 */

interface Deposited {
  organization: string;
  number: string;
  issueDay: string;
  typeCode: string;
  seller: { name: string; siren: string };
  buyer: { name: string; siren: string };
}

/** The invoices deposited so far, by number, read from their files as the platform checked them. */
const deposits = new WeakMap<PlatformState, Map<string, Deposited>>();

function depositsOf(state: PlatformState) {
  let map = deposits.get(state);
  if (!map) {
    map = new Map();
    deposits.set(state, map);
  }
  return map;
}

function statusFlow(
  state: PlatformState,
  deposited: Deposited,
  status: Omit<LifecycleStatus, 'messageId' | 'issuedAt' | 'invoice'>,
): StoredFlow {
  const xml = cdarXml({
    ...status,
    messageId: randomUUID(),
    issuedAt: new Date(),
    invoice: { number: deposited.number, issueDay: deposited.issueDay, typeCode: deposited.typeCode },
  });
  return state.addFlow({
    organization: deposited.organization,
    direction: 'In',
    flowType: 'CustomerInvoiceLC',
    info: { name: `statut-${status.code}-${deposited.number}.xml`, flowSyntax: 'CDAR', processingRule: 'B2B' },
    file: new TextEncoder().encode(xml),
    contentType: 'application/xml',
  });
}

const PLATFORM = { name: 'Plateforme de test', siren: '000000000', role: 'WK' as const };

/** After a deposit the platform accepted: 200, then 203 (buyer known) or 213 (buyer unknown). */
export async function afterDeposit(state: PlatformState, flow: StoredFlow): Promise<StoredFlow[]> {
  const read = await readEInvoice(flow.file);
  if (!read.ok) return [];
  const { invoice } = read;
  const deposited: Deposited = {
    organization: flow.organization,
    number: invoice.number,
    issueDay: invoice.issueDate,
    typeCode: invoice.typeCode,
    seller: { name: invoice.seller.name, siren: invoice.seller.siren },
    buyer: { name: invoice.buyer.name, siren: invoice.buyer.siren },
  };
  depositsOf(state).set(`${flow.organization}:${invoice.number}`, deposited);
  const seller = { ...deposited.seller, role: 'SE' as const };
  const known = state.directory.has(deposited.buyer.siren);
  return [
    statusFlow(state, deposited, { code: '200', sender: PLATFORM, recipient: seller }),
    known
      ? statusFlow(state, deposited, { code: '203', sender: PLATFORM, recipient: seller })
      : statusFlow(state, deposited, {
          code: '213',
          reason: { code: 'REJ_ADR', text: `Destinataire ${deposited.buyer.siren} absent de l’annuaire` },
          sender: PLATFORM,
          recipient: seller,
        }),
  ];
}

/** A status the buyer sets on a deposited invoice (a test or the demo asks for it). */
export function buyerStatus(
  state: PlatformState,
  organization: string,
  number: string,
  code: LifecycleCode,
  reason?: { code: LifecycleReason; text: string },
): StoredFlow {
  const deposited = depositsOf(state).get(`${organization}:${number}`);
  if (!deposited) throw new Error(`invoice ${number} was never deposited by ${organization}`);
  return statusFlow(state, deposited, {
    code,
    ...(reason ? { reason } : {}),
    sender: { ...deposited.buyer, role: 'BY' },
    recipient: { ...deposited.seller, role: 'SE' },
  });
}
