/** French formats, one place: numbers, euros and dates as a garage reads them. */
const numberFormat = new Intl.NumberFormat('fr-FR');
const moneyFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

export const formatNumber = (value: number) => numberFormat.format(value);
/** Integer cents as a French screen shows money: 123450 -> "1 234,50 €". Money is always cents (contracts/money.ts). */
export const formatCents = (cents: number) => moneyFormat.format(cents / 100);
export const formatDate = (value: Date | string | number) => dateFormat.format(toDate(value));
export const formatDateTime = (value: Date | string | number) => dateTimeFormat.format(toDate(value));
