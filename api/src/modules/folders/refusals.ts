/** The folder module's refusal texts that the contracts do not carry (the browser never compares them). */
export const KNOWN_BY_UNKNOWN = 'Cette origine « connu par » n’existe pas dans ce garage';
export const OPEN_STATUS_MISSING = 'Ce garage n’a pas de statut « Ouvert »';
export const CLOSING_STATUS_MISSING = 'Ce garage n’a pas ce statut de dossier';
export const STATUS_NOT_FOUND = 'Statut introuvable pour ce dossier';
export const CLOSE_NEEDS_FORM = "La clôture d'un dossier passe par le formulaire de clôture.";
