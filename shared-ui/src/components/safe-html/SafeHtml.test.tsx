import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadSanitizer, SafeHtml } from './SafeHtml';
import { sanitizeHtml } from './sanitize-html';

declare global {
  interface Window {
    __xss?: boolean;
  }
}

const X = 'window.__xss=true';

/** OWASP XSS filter-evasion cheat-sheet style payloads; each would set window.__xss if it ran. */
const PAYLOADS = [
  `<script>${X}</script>`,
  `<img src=x onerror="${X}">`,
  `<IMG SRC=x ONERROR="${X}">`,
  `<svg onload="${X}"></svg>`,
  `<svg><script>${X}</script></svg>`,
  `<body onload="${X}">`,
  `<a href="javascript:${X}">clic</a>`,
  `<a href="JaVaScRiPt:${X}">clic</a>`,
  `<a href="java&#x09;script:${X}">clic</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${X}">clic</a>`,
  `<a href="  javascript:${X}">clic</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>`,
  `<a href="vbscript:msgbox(1)">clic</a>`,
  `<iframe src="javascript:${X}"></iframe>`,
  `<iframe srcdoc="<script>parent.${X}</script>"></iframe>`,
  `<object data="javascript:${X}"></object>`,
  `<embed src="javascript:${X}">`,
  `<form action="javascript:${X}"><button>ok</button></form>`,
  `<button formaction="javascript:${X}">ok</button>`,
  `<input autofocus onfocus="${X}">`,
  `<details open ontoggle="${X}">x</details>`,
  `<video><source onerror="${X}"></video>`,
  `<audio src=x onerror="${X}"></audio>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${X}">`,
  `<math><mi xlink:href="javascript:${X}">x</mi></math>`,
  `<template><img src=x onerror="${X}"></template>`,
  `<template><template><script>${X}</script></template></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${X}>"></noscript>`,
  `<style>@import 'javascript:${X}';</style>`,
  `<div style="background:url(javascript:${X})">x</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${X}">`,
  `<base href="javascript:${X}//">`,
  `<link rel="stylesheet" href="javascript:${X}">`,
  `<marquee onstart="${X}">x</marquee>`,
  `<img src="x" onerror=&#x77;indow.__xss=true>`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `<a href="#" onclick="${X}">clic</a>`,
  `<p onmouseover="${X}">survol</p>`,
];

beforeAll(async () => {
  // Rendered synchronously from here on, so each payload is checked once sanitised, never before.
  await preloadSanitizer();
});
beforeEach(() => {
  window.__xss = false;
});
afterEach(() => {
  window.__xss = false;
});

describe('SafeHtml against XSS payloads', () => {
  it('has a corpus of at least 25 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PAYLOADS)('%s', async (payload) => {
    const { container } = render(<SafeHtml html={payload} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.__xss).toBe(false);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase()).not.toMatch(/^on/);
        expect(attribute.value.replace(/\s/g, '').toLowerCase()).not.toMatch(/^(javascript|vbscript|data):/);
      }
    }
    expect(
      container.querySelector('script, iframe, object, embed, form, style, svg, math, template, meta, base, link'),
    ).toBeNull();
  });
});

describe('sanitizeHtml', () => {
  it('keeps the formatting of a notification', () => {
    const html =
      '<p><strong>ALERTE A TRAITER</strong><br>Dossier <em>AB-123-CD</em> — MAAF</p><ul><li>Pare-brise</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('adds rel="noopener noreferrer" to links and keeps safe hrefs', () => {
    const clean = sanitizeHtml(
      '<a href="/folder/show/12" target="_blank">Voir le dossier</a> <a href="mailto:contact@garage.fr">mail</a>',
    );
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    const links = doc.querySelectorAll('a');
    expect(links[0]?.getAttribute('href')).toBe('/folder/show/12');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[1]?.getAttribute('href')).toBe('mailto:contact@garage.fr');
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});

describe('SafeHtml', () => {
  it('renders the sanitised HTML', () => {
    render(<SafeHtml html={'<p>Relance <b>AXA</b><img src=x onerror="alert(1)"></p>'} />);
    expect(screen.getByText('AXA').tagName).toBe('B');
  });

  it('shows nothing of the raw HTML until the sanitiser has arrived, then the sanitised HTML', async () => {
    // A second instance of the module (its own URL), whose sanitiser was never loaded; not vi.resetModules, which
    // would give the test files after this one their own copies of page-wide modules.
    const unloaded = './SafeHtml?never-loaded';
    const fresh: typeof import('./SafeHtml') = await import(/* @vite-ignore */ unloaded);
    const { container } = render(<fresh.SafeHtml html={`<p>Relance <b>AXA</b><img src=x onerror="${X}"></p>`} />);
    expect(container.firstElementChild?.innerHTML).toBe('');
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect((await screen.findByText('AXA')).tagName).toBe('B');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(window.__xss).toBe(false);
  });

  it('shows the empty text when nothing is left', () => {
    render(<SafeHtml html="<script>alert(1)</script>" emptyText="No content" />);
    expect(screen.getByText('No content')).toBeInTheDocument();
  });
});
