/** `text` with LIKE's wildcards (% _) and its escape (\) escaped: what the user typed, matched literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern for values containing `text` literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
