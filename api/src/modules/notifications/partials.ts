import { isAlert, notificationParts, type UnreadPartials } from 'contracts';
import { escapeHtml, sanitizeHtml } from '../../lib/sanitize';

export interface PartialSource {
  id: number;
  content: string;
  folderId: number | null;
  folderTitle: string | null;
}

/** How many unread notifications the menu lists; the rest is one click away ("Voir toutes"). */
export const MENU_LIMIT = 5;

function menuItem(n: PartialSource): string {
  const { title, subtitle } = notificationParts(n.content);
  // The subtitle already names the folder (« Dossier GH-472-KL »): the folder is added only when it does not.
  const named = n.folderTitle && subtitle.includes(n.folderTitle);
  const folder =
    n.folderTitle && !named ? `<span class="notification-menu__folder">${escapeHtml(n.folderTitle)}</span>` : '';
  return (
    `<li class="notification-menu__item" data-id="${n.id}">` +
    `<a href="/notifications/${n.id}"><strong>${escapeHtml(title)}</strong>` +
    (subtitle ? `<br><span>${escapeHtml(subtitle)}</span>` : '') +
    `</a>${folder}</li>`
  );
}

function modal(n: PartialSource): string {
  const folderLink =
    n.folderId === null
      ? ''
      : `<p><a href="/folder/show/${n.folderId}">Voir le dossier ${escapeHtml(n.folderTitle ?? '')}</a></p>`;
  return `<div class="notification-modal" data-id="${n.id}">${n.content}${folderLink}</div>`;
}

/**
 * The HTML the unread partials call answers (docs/product.md): a menu of the
 * newest unread notifications and one modal per unread alert ("ALERTE A
 * TRAITER"). Empty object when nothing is unread. Everything goes through the
 * sanitizer once more on the way out, whatever was stored.
 */
export function buildUnreadPartials(unread: readonly PartialSource[], total: number): UnreadPartials {
  if (unread.length === 0) return {};
  const items = unread.slice(0, MENU_LIMIT).map(menuItem).join('');
  const more =
    total > MENU_LIMIT ? `<p class="notification-menu__more">${total - MENU_LIMIT} autre(s) non lue(s)</p>` : '';
  const menu = sanitizeHtml(
    `<div class="notification-menu"><p class="notification-menu__count">${total} notification(s) non lue(s)</p><ul>${items}</ul>${more}</div>`,
  );
  const modals = unread.filter((n) => isAlert(n.content)).map((n) => sanitizeHtml(modal(n)));
  return { menu, modals };
}
