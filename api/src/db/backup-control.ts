import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * How `pnpm backup` reaches the server that holds the embedded database: the server writes, beside the data
 * directory (`<DATA_DIR>.control`, readable by its own OS user only), its process id, its port and a random token;
 * the command asks that server for the archive on the loopback with the token. Removed when the server stops.
 */
export interface BackupControl {
  pid: number;
  port: number;
  token: string;
}

/** The header carrying the control token to `GET /api/system/backup`. */
export const BACKUP_TOKEN_HEADER = 'x-backup-token';

export const controlFileOf = (dataDir: string): string => `${dataDir}.control`;

export function writeControl(dataDir: string, control: BackupControl): void {
  writeFileSync(controlFileOf(dataDir), JSON.stringify(control), { mode: 0o600 });
}

/** The running server's control, or undefined when none runs (no file, or its process is gone). */
export function readControl(dataDir: string): BackupControl | undefined {
  const file = controlFileOf(dataDir);
  if (!existsSync(file)) return undefined;
  const control = JSON.parse(readFileSync(file, 'utf8')) as BackupControl;
  try {
    process.kill(control.pid, 0);
    return control;
  } catch {
    return undefined;
  }
}

/** Removes the file if it is this process's (a second server refused on the lock must not delete the first's). */
export function removeControl(dataDir: string): void {
  const file = controlFileOf(dataDir);
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as BackupControl).pid === process.pid) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}
