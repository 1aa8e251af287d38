/** The text an SMS will carry, from the editor's HTML: one line per paragraph, tags and entities removed. */
export function htmlToSmsText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = doc.body.querySelectorAll('p, li, div, h1, h2, h3');
  const text =
    blocks.length > 0
      ? Array.from(blocks, (block) => block.textContent ?? '').join('\n')
      : (doc.body.textContent ?? '');
  return text.replace(/\u00a0/g, ' ').replace(/\n+$/, '');
}
