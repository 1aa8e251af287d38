/*
 * The narrowest a column may be without breaking its title's longest word in the middle (« Immatricul ation »).
 * Measured with the page's own font where a browser draws the page; estimated in tests (jsdom draws nothing).
 */

/** jsdom and other non-drawing environments: about the widest of the usual fonts, per character. */
const ESTIMATED_CHAR_PX = 8.6;
/** The header cell's padding (16 px each side), and the sort arrows beside a sortable title. */
const HEADER_PADDING_PX = 32;
const SORTER_PX = 24;

let context: CanvasRenderingContext2D | null | undefined;
function measure(word: string, font: string): number {
  if (context === undefined) {
    const draws = typeof document !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
    context = draws ? document.createElement('canvas').getContext('2d') : null;
  }
  if (!context) return word.length * ESTIMATED_CHAR_PX;
  context.font = font;
  return context.measureText(word).width;
}

const widths = new Map<string, number>();

/**
 * The header width that keeps `title`'s longest word whole (a column given less is widened to it). `font`: the
 * header's CSS font (weight, size and family of the theme).
 */
export function headerWidth(title: string, sortable: boolean, font: string): number {
  const key = `${sortable}:${font}:${title}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const longest = Math.max(0, ...title.split(/\s+/).map((word) => measure(word, font)));
  const width = Math.ceil(longest) + HEADER_PADDING_PX + (sortable ? SORTER_PX : 0);
  widths.set(key, width);
  return width;
}
