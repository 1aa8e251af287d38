import { describe, expect, it } from 'vitest';
import { buildUnreadPartials } from './partials';

const n = (id: number, content: string) => ({ id, content, folderId: id, folderTitle: `F-${id}` });

describe('buildUnreadPartials', () => {
  it('answers {} when nothing is unread', () => {
    expect(buildUnreadPartials([], 0)).toEqual({});
  });

  it('lists titles in the menu and makes one modal per alert, escaped and sanitized', () => {
    const partials = buildUnreadPartials(
      [n(1, 'ALERTE A TRAITER<br>Dossier<br>Vite <script>x()</script>'), n(2, 'Titre <b>&lt;2&gt;</b><br>Sous-titre')],
      7,
    );
    expect(partials.menu).toContain('7 notification(s) non lue(s)');
    expect(partials.menu).toContain('href="/notifications/2"');
    expect(partials.menu).toContain('Titre &lt;2&gt;');
    expect(partials.menu).toContain('2 autre(s) non lue(s)');
    expect(partials.modals).toHaveLength(1);
    expect(partials.modals?.[0]).toContain('href="/folder/show/1"');
    expect(partials.modals?.[0]).not.toContain('script');
  });

  it('names the folder once: not again after a subtitle that says it', () => {
    const { menu } = buildUnreadPartials([n(3, 'Commentaire<br>Dossier F-3<br>Texte'), n(4, 'Relance')], 2);
    expect(menu?.match(/F-3/g)).toHaveLength(1);
    expect(menu).toContain('<span class="notification-menu__folder">F-4</span>');
  });
});
