import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileTypeIcon, fileExtension, fileKind } from './FileTypeIcon';

describe('fileKind', () => {
  it.each([
    ['facture.pdf', 'pdf'],
    ['notes.TXT', 'txt'],
    ['maquette.psd', 'psd'],
    ['devis.doc', 'word'],
    ['devis.docx', 'word'],
    ['stock.xls', 'excel'],
    ['stock.xlsx', 'excel'],
    ['photos.zip', 'archive'],
    ['photos.rar', 'archive'],
    ['image-disque.iso', 'archive'],
    ['logo.ai', 'illustrator'],
    ['logo.esp', 'illustrator'],
    ['presentation.ppt', 'powerpoint'],
    ['presentation.pptx', 'powerpoint'],
    ['appel.wav', 'audio'],
    ['appel.aif', 'audio'],
    ['appel.mp3', 'audio'],
    ['appel.aac', 'audio'],
    ['pare-brise.jpg', 'image'],
    ['pare-brise.JPEG', 'image'],
    ['anim.gif', 'image'],
    ['scan.bmp', 'image'],
    ['photo.png', 'image'],
    ['logo.svg', 'image'],
    ['video.m4v', 'video'],
    ['video.avi', 'video'],
    ['video.mpg', 'video'],
    ['video.mp4', 'video'],
    ['video.webm', 'video'],
    ['archive.7z', 'file'],
    ['sans-extension', 'file'],
  ])('%s -> %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it('reads the extension of a URL, ignoring the query and dotted folders', () => {
    expect(fileExtension('/uploads/AB-123-CD/facture.PDF?v=2#page=1')).toBe('pdf');
    expect(fileExtension('/uploads/v1.2/readme')).toBe('');
  });
});

describe('FileTypeIcon', () => {
  it('has an accessible French name', () => {
    render(<FileTypeIcon fileName="rapport-sidexa.pdf" />);
    expect(screen.getByRole('img', { name: 'Fichier PDF' })).toBeInTheDocument();
  });

  it('falls back to a generic file icon', () => {
    render(<FileTypeIcon fileName="export.dat" />);
    expect(screen.getByRole('img', { name: 'Fichier' })).toBeInTheDocument();
  });
});
