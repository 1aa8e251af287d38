import { withLuhnKey } from 'contracts';
import { describe, expect, it } from 'vitest';
import { cdarXml, type LifecycleStatus, readCdar } from '../../src/modules/einvoicing/lifecycle/cdar';
import { validate } from '../einvoice/official-rules';

/*
 * The lifecycle messages (CDAR) the garage sends about an invoice, and the ones its platform sends back, checked by
 * the official French rules the way a platform checks them (CDAR schema, BR-FR-CDV fatal set), then read back. A
 * refusal stripped of its reason shows the rules catching it by their identifier.
 */

const garage = { name: 'Garage du Centre', siren: withLuhnKey('81234567') };
const supplier = { name: 'Pare-Brise Distribution SAS', siren: withLuhnKey('55234163') };
const platform = { name: 'Plateforme Agréée Test', siren: withLuhnKey('90123456') };

/** The garage, as buyer, about a supplier's invoice it received. */
function fromBuyer(code: LifecycleStatus['code'], extra: Partial<LifecycleStatus> = {}): LifecycleStatus {
  return {
    messageId: `CDV-FA-2026-0412-${code}`,
    issuedAt: new Date('2026-11-05T09:30:00Z'),
    code,
    invoice: { number: 'FA-2026-0412', issueDay: '2026-11-02', typeCode: '380' },
    sender: { ...garage, role: 'BY' },
    recipient: { ...supplier, role: 'SE' },
    ...extra,
  };
}

const STATUSES = {
  taken: fromBuyer('204'),
  approved: fromBuyer('205'),
  disputed: fromBuyer('207', { reason: { code: 'QTE_ERR', text: 'Deux pare-brise facturés, un seul livré' } }),
  refused: fromBuyer('210', { reason: { code: 'DOUBLON', text: 'Déjà reçue sous le numéro FA-2026-0398' } }),
  // The garage, as seller, tells its customer it was paid: 1 200 € at 20 % and 105.50 € at 5.5 %.
  collected: {
    ...fromBuyer('212'),
    messageId: 'CDV-F-2026-0031-212',
    invoice: { number: 'F-2026-0031', issueDay: '2026-10-15', typeCode: '380' },
    sender: { ...garage, role: 'SE' },
    recipient: { name: 'Transports Rhône SARL', siren: withLuhnKey('43210987'), role: 'BY' },
    collected: [
      { cents: 120_000, vatRate: 20 },
      { cents: 10_550, vatRate: 5.5 },
    ],
  },
  // The garage's platform rejects one of its invoices: a transmission status, set by the platform (WK).
  rejected: {
    ...fromBuyer('213', { reason: { code: 'REJ_SEMAN', text: 'BR-FR-12 : adresse électronique absente' } }),
    invoice: { number: 'F-2026-0032', issueDay: '2026-10-16', typeCode: '380' },
    sender: { ...platform, role: 'WK' },
    recipient: { ...garage, role: 'SE' },
  },
} satisfies Record<string, LifecycleStatus>;

const documents = Object.fromEntries(Object.entries(STATUSES).map(([name, status]) => [name, cdarXml(status)]));

describe('lifecycle messages (CDAR)', () => {
  it('pass the CDAR schema and the French rules (BR-FR-CDV, fatal set)', () => {
    const report = validate(documents, 'cdar');
    for (const name of Object.keys(STATUSES)) expect(report[name], name).toEqual({ schema: [], fatal: [] });
  });

  it('a refusal without its reason is caught by the rules (BR-FR-CDV-15)', () => {
    const refused = documents.refused ?? '';
    const withoutReason = refused.replace(/\s*<ram:ReasonCode>[^<]*<\/ram:ReasonCode>/, '');
    expect(withoutReason).not.toBe(refused);
    const report = validate({ withoutReason }, 'cdar');
    expect(report.withoutReason?.schema).toEqual([]);
    expect(report.withoutReason?.fatal.map((failure) => failure.rule)).toEqual(['BR-FR-CDV-15_MDT-113']);
  });

  it.each(Object.entries(STATUSES))('reads back %s: invoice, status, reason', (name, status) => {
    const read = readCdar(documents[name] ?? '');
    expect(read).toEqual({
      invoiceNumber: status.invoice.number,
      invoiceIssueDay: status.invoice.issueDay,
      code: status.code,
      label: expect.any(String),
      reason: 'reason' in status ? status.reason : null,
      // Written in French time (no zone in the format): 09:30 UTC is 10:30 in Paris in November.
      issuedAt: '2026-11-05T10:30:00',
    });
  });

  it('names the statuses in French', () => {
    expect(readCdar(documents.refused ?? '').label).toBe('Refusée');
    expect(readCdar(documents.collected ?? '').label).toBe('Encaissée');
    expect(readCdar(documents.rejected ?? '').label).toBe('Rejetée');
  });

  it('writes the amount collected per VAT rate', () => {
    expect(documents.collected).toContain('<ram:ValueAmount currencyID="EUR">1200.00</ram:ValueAmount>');
    expect(documents.collected).toContain('<ram:ValuePercent>5.5</ram:ValuePercent>');
  });

  it('refuses to write what the rules would refuse', () => {
    expect(() => cdarXml(fromBuyer('210'))).toThrow('exige un motif');
    expect(() => cdarXml(fromBuyer('210', { reason: { code: 'PAS_CONTENT', text: '' } }))).toThrow('Motif');
    expect(() => cdarXml(fromBuyer('212', { sender: { ...garage, role: 'SE' } }))).toThrow('Encaissée');
    expect(() => cdarXml(fromBuyer('213', { reason: { code: 'REJ_SEMAN', text: '' } }))).toThrow('rôle BY');
  });

  it('refuses an XML declaring a DOCTYPE, and one that is no CDAR', () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${(documents.approved ?? '').replace(/^<\?xml[^>]*>/, '')}`;
    expect(() => readCdar(doctype)).toThrow(/DOCTYPE/);
    expect(() => readCdar('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toThrow(
      'n’est pas un message de cycle de vie',
    );
  });
});
