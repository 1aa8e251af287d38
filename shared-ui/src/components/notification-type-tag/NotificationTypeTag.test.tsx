import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationTypeTag, notificationTypeStyle } from './NotificationTypeTag';

describe('notificationTypeStyle', () => {
  it.each([
    ['verif', 'V', 'Vérification'],
    ['envoi', 'E', 'Envoi'],
    ['relance', 'R', 'Relance'],
    ['comment', 'C', 'Commentaire'],
    ['recovery', 'RC', 'Recouvrement'],
  ])('%s -> %s', (type, letter, title) => {
    expect(notificationTypeStyle(type, 'AB-123-CD')).toMatchObject({ letter, title });
  });

  it('writes comment in black on yellow', () => {
    expect(notificationTypeStyle('comment')).toMatchObject({ color: '#000000', background: '#fadb14' });
  });

  it('falls back to the first letter of the folder title, upper-cased', () => {
    expect(notificationTypeStyle('autre', 'dossier maaf').letter).toBe('D');
    expect(notificationTypeStyle(null, ' axa').letter).toBe('A');
    expect(notificationTypeStyle(undefined, '').letter).toBe('?');
  });
});

describe('NotificationTypeTag', () => {
  it('exposes the type as an accessible name', () => {
    render(<NotificationTypeTag typeFolder="verif" folderTitle="AB-123-CD" />);
    expect(screen.getByRole('img', { name: 'Vérification' })).toHaveTextContent('V');
  });
});
