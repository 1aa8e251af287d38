/** The text with `placeholder` added at its end (the editor's HTML: inside its last paragraph). */
export const withPlaceholder = (html: string, placeholder: string): string =>
  /<\/p>\s*$/.test(html) ? html.replace(/<\/p>\s*$/, ` ${placeholder}</p>`) : `${html}<p>${placeholder}</p>`;
