const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long' });

/** 09:30 */
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso));
/** lundi 23 novembre (a YYYY-MM-DD day, read at noon so no time zone moves it). */
export const formatDay = (day: string): string => dayFormat.format(new Date(`${day}T12:00:00`));
