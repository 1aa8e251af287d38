import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretKeyOf } from './secret-box';

describe('secret box', () => {
  const key = secretKeyOf('clé de test');

  it('opens what it sealed, and the stored text does not hold the secret', () => {
    const boxed = sealSecret(key, 'mot-de-passe-smtp é');
    expect(boxed).not.toContain('mot-de-passe');
    expect(openSecret(key, boxed)).toBe('mot-de-passe-smtp é');
    // A fresh IV each time: the same secret never reads the same twice.
    expect(sealSecret(key, 'mot-de-passe-smtp é')).not.toBe(boxed);
  });

  it('answers null under another key or for altered text', () => {
    const boxed = sealSecret(key, 'secret');
    expect(openSecret(secretKeyOf('autre clé'), boxed)).toBeNull();
    const [version, iv, tag, sealed = ''] = boxed.split('.');
    const flipped = `${sealed.startsWith('A') ? 'B' : 'A'}${sealed.slice(1)}`;
    expect(openSecret(key, [version, iv, tag, flipped].join('.'))).toBeNull();
    expect(openSecret(key, 'n’importe quoi')).toBeNull();
  });
});
