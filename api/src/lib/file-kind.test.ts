import { describe, expect, it } from 'vitest';
import { detectFileKind } from './file-kind';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('detectFileKind', () => {
  it('recognises the accepted kinds by their first bytes', () => {
    expect(detectFileKind(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectFileKind(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectFileKind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(detectFileKind(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectFileKind(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('image/heic');
    expect(detectFileKind(bytes([0x50, 0x4b, 0x03, 0x04], 'xxxx[Content_Types].xml'))).toBe(
      'application/vnd.openxmlformats-officedocument',
    );
    expect(detectFileKind(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('application/x-ole-storage');
  });

  it('refuses what only claims to be one: HTML, scripts, executables, a bare zip, an empty file', () => {
    expect(detectFileKind(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectFileKind(bytes('MZ', [0x90, 0]))).toBeUndefined();
    expect(detectFileKind(bytes('#!/bin/sh\n'))).toBeUndefined();
    expect(detectFileKind(bytes([0x50, 0x4b, 0x03, 0x04], 'evil.exe'))).toBeUndefined();
    expect(detectFileKind(Buffer.alloc(0))).toBeUndefined();
    expect(detectFileKind(bytes(' %PDF-1.7'))).toBeUndefined();
  });
});
