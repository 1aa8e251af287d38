import type { Page } from '@playwright/test';

/*
 * What a page must hold at the widths staff work at (1280 and 1440 px): no label cut (« Acheter des un… »,
 * « Immatricul ation »), no page wider than the window, and no English word left in the interface. The accessibility
 * audit runs these checks on each page it visits, so every page is read once at both widths without a second tour.
 */

export const WIDTHS = [1280, 1440] as const;

/**
 * Words of the interface left in English: a French screen never shows them (the labels are the specification's,
 * in French). Whole words, case as written: « Email » is an English label, « E-mail » the French one.
 */
export const ENGLISH_WORDS = [
  'center',
  'Center',
  'Email',
  'Subject',
  'Save',
  'Cancel',
  'Search',
  'Submit',
  'Loading',
  'Delete',
  'Edit',
  'Close',
  'Previous',
  'Next',
  'No data',
  'Upload',
  'Password',
  'Username',
  'Settings',
  'Logout',
  'Sign in',
  'Invoice',
  'Customer',
  'items',
  'Page Size',
  'Select',
];

/** Cut labels, in the page (`scope`, CSS) as the browser lays it out now: each one described for the report. */
export function clippedTexts(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const root = document.querySelector(selector);
    if (!root) return found;
    const reportOf = (element: Element, why: string) =>
      `${why} « ${(element.textContent ?? '').trim().slice(0, 60)} » (${element.tagName.toLowerCase()}.${[
        ...element.classList,
      ]
        .slice(0, 2)
        .join('.')})`;
    const canvas = document.createElement('canvas').getContext('2d');
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!ownText || element.closest('input, textarea, pre, code, [aria-hidden="true"], .ant-table-cell-ellipsis'))
        continue;
      const style = getComputedStyle(element);
      // Hidden, or text for screen readers only (a 1 px box): nothing a sighted person reads is cut.
      if (style.visibility === 'hidden' || element.getBoundingClientRect().width <= 2) continue;
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        found.push(reportOf(element, 'texte coupé'));
        continue;
      }
      // A word wider than its box is broken in the middle (« Immatricul ation »): a column header, a tab, a button.
      if (!canvas || !element.closest('th, [role="tab"], button, .ant-menu-title-content, label')) continue;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const words = (element.textContent ?? '').split(/\s+/).filter(Boolean);
      const widest = words.reduce((max, word) => Math.max(max, canvas.measureText(word).width), 0);
      if (room > 0 && style.display !== 'inline' && widest > room + 1) found.push(reportOf(element, 'mot coupé'));
    }
    return [...new Set(found)];
  }, scope);
}

/** English words of `ENGLISH_WORDS` in the text shown in `scope`. */
export async function englishWords(page: Page, scope: string): Promise<string[]> {
  const text = await page.evaluate((selector) => document.querySelector<HTMLElement>(selector)?.innerText ?? '', scope);
  return ENGLISH_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}-])${word}([^\\p{L}-]|$)`, 'u').test(text));
}

/** How far the page scrolls sideways (0: it fits); a table may scroll inside itself, the page may not. */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Two frames: the layout of a new width is done (antd's breakpoints answer a resize within one). */
export const laidOut = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * The page at each width of `WIDTHS`: its cut labels, its sideways scroll, its English words (read once). Leaves
 * the window at the first width, where the rest of the audit runs.
 */
export async function fitProblems(page: Page, scope: string, height: number): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize({ width, height });
    await laidOut(page);
    for (const cut of await clippedTexts(page, scope)) problems.push(`${cut} à ${width} px`);
    const overflow = await sidewaysScroll(page);
    if (overflow > 0) problems.push(`défilement horizontal de ${overflow} px à ${width} px`);
  }
  for (const word of await englishWords(page, scope)) problems.push(`mot anglais « ${word} »`);
  return problems;
}
