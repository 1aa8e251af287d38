/** Attachments above 16 MB are refused, by the browser and by the server alike. */
export const MAX_UPLOAD_BYTES = 16_777_216;
export const FILE_TOO_LARGE_MESSAGE = 'Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.';
/** A file part of zero bytes: the user picked an empty file (a form without a file sends no part at all). */
export const EMPTY_FILE_MESSAGE = 'Le fichier est vide.';
