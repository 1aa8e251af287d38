/** The SMS text with `placeholder` added at its end, after a space unless the text ends a line or is empty. */
export const withPlaceholder = (text: string, placeholder: string): string =>
  text === '' || /[\s]$/.test(text) ? `${text}${placeholder}` : `${text} ${placeholder}`;
