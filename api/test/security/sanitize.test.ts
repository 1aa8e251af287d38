import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../e2e/tests/xss-payloads';
import { sanitizeHtml } from '../../src/lib/sanitize';
import { SQL_LOOKING, UNICODE } from './hostile-values';
import { unsafeParts } from './html-safety';

// The browser tests' script payloads (every free-text field gets them) and the fuzz test's hostile text.
const CORPUS = [...XSS_PAYLOADS, ...SQL_LOOKING, ...UNICODE];

describe('sanitizeHtml on the hostile corpus', () => {
  it('catches what it should: the safety check itself finds a handler, a scripted URL and a script', () => {
    expect(unsafeParts('<img src=x onerror=alert(1)>')).toEqual(['img[onerror]']);
    expect(unsafeParts('<a href="java&#x09;script:alert(1)">x</a>')).toEqual(['a[href]']);
    expect(unsafeParts('<p>javascript:alert(1) <b>onerror=x</b></p>')).toEqual([]);
    expect(unsafeParts('<svg><script>alert(1)</script></svg>')).toEqual(['<svg>', '<script>']);
  });

  it.each(CORPUS)('leaves nothing that runs, as a browser parses it: %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(unsafeParts(clean)).toEqual([]);
    // A second pass changes nothing: the output does not turn into other markup when read again.
    expect(sanitizeHtml(clean)).toBe(clean);
  });
});

describe('sanitizeHtml keeps formatting', () => {
  it('keeps the rich-text editor’s markup as written', () => {
    const html =
      '<p><strong>Pare-brise</strong> <em>posé</em> <u>hier</u></p><ol><li data-list="bullet">Joint</li></ol>' +
      '<p class="ql-align-center"><a href="https://garage.example.fr/aide" rel="noopener noreferrer">aide</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('writes no-break spaces back as the editor and a browser write them (&nbsp;)', () => {
    expect(sanitizeHtml('<p>Votre&nbsp;dossier\u00a0est prêt</p>')).toBe('<p>Votre&nbsp;dossier&nbsp;est prêt</p>');
  });

  it('keeps the documentation’s headings, tables, images and safe links', () => {
    const html =
      '<h2>Accueil</h2><table><tbody><tr><td colspan="2">Franchise</td></tr></tbody></table>' +
      '<img src="/api/docs/image/3.png" alt="Schéma"><p><a href="mailto:aide@garage.fr">mail</a> ' +
      '<a href="tel:+33478000000">appel</a> <a href="/folder/show/12">dossier</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops event handlers, styles and scripted links, keeping their text', () => {
    expect(sanitizeHtml('<p onclick="x()" style="position:fixed">Texte <a href="javascript:x()">lien</a></p>')).toBe(
      '<p>Texte <a>lien</a></p>',
    );
  });
});
