/**
 * Wraps every occurrence of `query` (case-insensitive) in the text of `html` with `<mark>`, leaving tags and
 * attributes alone. The caller renders the result through SafeHtml, which sanitizes it again.
 */
export function highlightHtml(html: string, query: string): string {
  const needle = query.trim();
  if (!needle) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    pattern.lastIndex = 0;
    if (!pattern.test(value)) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
      fragment.append(value.slice(last, match.index));
      const mark = document.createElement('mark');
      mark.textContent = match[0];
      fragment.append(mark);
      last = match.index + match[0].length;
    }
    fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return template.innerHTML;
}
