/*
 * An SMS template is kept as the HTML every template is kept as (one `<p>` per line), and edited as the plain text it
 * will be sent as: these two turn one into the other, so that what is typed comes back line for line.
 */

/** The text an SMS will carry, from a template's HTML: one line per paragraph, tags and entities removed. */
export function htmlToSmsText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // A line break inside a paragraph is one (as the server's `htmlToText` reads it); an editor's `<p><br></p>` alone is
  // an empty line, already one by its paragraph.
  for (const br of doc.body.querySelectorAll('br')) {
    if ((br.parentElement?.childNodes.length ?? 0) > 1) br.replaceWith('\n');
  }
  const blocks = doc.body.querySelectorAll('p, li, h1, h2, h3');
  const text =
    blocks.length > 0
      ? Array.from(blocks, (block) => block.textContent ?? '').join('\n')
      : (doc.body.textContent ?? '');
  // An editor's empty last paragraph (`<p><br></p>`) is not a line of the SMS.
  return text.replace(/\u00a0/g, ' ').replace(/\n+$/, '');
}

const escapeText = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A template's HTML from the SMS text typed: one paragraph per line, `<`, `>` and `&` kept as typed. */
export const smsTextToHtml = (text: string): string =>
  text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
