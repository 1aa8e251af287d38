/** Spec sections 5 and 9: attachments above 16 MB are refused, by the browser and by the server alike. */
export const MAX_UPLOAD_BYTES = 16_777_216;
export const FILE_TOO_LARGE_MESSAGE = 'Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.';
