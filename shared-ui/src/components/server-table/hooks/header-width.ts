/*
 * The narrowest a column may be without breaking its title's longest word in the middle (« Immatricul ation »),
 * estimated per character of the header's 14 px semibold (the widest usual fonts stay under 8.2 px).
 */
const CHAR_PX = 8.2;
/** The header cell's padding (16 px each side), and the sort arrows beside a sortable title. */
const HEADER_PADDING_PX = 32;
const SORTER_PX = 24;

/** The header width that keeps `title`'s longest word whole (a column given less is widened to it). */
export function headerWidth(title: string, sortable: boolean): number {
  const longest = Math.max(0, ...title.split(/\s+/).map((word) => word.length));
  return Math.ceil(longest * CHAR_PX) + HEADER_PADDING_PX + (sortable ? SORTER_PX : 0);
}
