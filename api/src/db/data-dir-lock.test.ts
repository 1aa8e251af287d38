import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const dir = () => join(mkdtempSync(join(tmpdir(), 'lock-')), 'pglite');

describe('embedded data directory lock', () => {
  it('takes the lock and releases it', () => {
    const dataDir = dir();
    const release = lockDataDir(dataDir);
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a directory held by another live process, in French', async () => {
    const dataDir = dir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(`${dataDir}.lock`, String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(/déjà utilisée par le processus/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dataDir = dir();
    writeFileSync(`${dataDir}.lock`, '999999');
    const release = lockDataDir(dataDir);
    release();
  });
});
