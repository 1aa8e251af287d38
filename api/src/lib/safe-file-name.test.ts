import { describe, expect, it } from 'vitest';
import { safeFileName } from './safe-file-name';

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\facture.pdf', 'facture.pdf'],
    ['C:\\Users\\public\\scan.jpg', 'scan.jpg'],
    ['fac\u0000ture.pdf', 'facture.pdf'],
    ['line\r\nContent-Type: text/html.pdf', 'html.pdf'],
    ['facture\u202Efdp.exe', 'facturefdp.exe'],
    ['  devis.pdf  ', 'devis.pdf'],
    ['Facture n° 12 — Élodie.pdf', 'Facture n° 12 — Élodie.pdf'],
  ])('%j -> %j', (name, expected) => {
    expect(safeFileName(name, 'document')).toBe(expected);
  });

  it('falls back when nothing is left of the name', () => {
    for (const name of ['', '   ', '../', '..', '\u0000\u202e', 'dossier/'])
      expect(safeFileName(name, 'document')).toBe('document');
  });

  it('cuts a long name to 200 characters, keeping its extension and whole emoji', () => {
    const long = safeFileName(`${'é'.repeat(1_000)}.pdf`, 'document');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
    const emoji = safeFileName(`${'🚗'.repeat(150)}.jpg`, 'photo');
    expect(emoji.length).toBeLessThanOrEqual(200);
    expect(emoji).toBe(`${'🚗'.repeat(98)}.jpg`);
  });
});
