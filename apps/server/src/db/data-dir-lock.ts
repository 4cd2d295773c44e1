import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Embedded PGlite belongs to one process at a time: two processes on one directory each keep
 * their own copy in memory and silently lose each other's writes. Whoever opens
 * the directory first writes `<dir>.lock` with its pid; a second opener refuses and says who
 * holds it. A lock left by a process that is gone (killed, crashed) is taken over.
 */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Random, so a lock can be told from another one with the same pid. */
  id: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.host === hostname() ? '' : ` on host ${owner.host}`;
    const self = owner.pid === process.pid && owner.host === hostname() ? ' (this process)' : '';
    super(
      `The embedded database in ${dir} is already open by process ${owner.pid}${self}${where}, since ${owner.startedAt}. ` +
        'Embedded PGlite can be used by one process at a time: a second one would lose writes. ' +
        `Stop that process first, or set DATABASE_URL to a PostgreSQL database that several processes can share. ` +
        `(If no such process is running, delete ${lockPathFor(dir)}.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Locks this process holds, so opening the same directory twice in one process is refused too. */
const held = new Map<string, LockOwner>();

export const lockPathFor = (dir: string) => `${path.resolve(dir)}.lock`;

function readOwner(file: string): LockOwner | null | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const o = JSON.parse(text) as LockOwner;
    return Number.isInteger(o.pid) && typeof o.id === 'string' ? o : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Whether the process that wrote `owner` may still be running. */
export function ownerAlive(owner: LockOwner, file: string): boolean {
  // Another host's pid cannot be checked from here: assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid: held if this process opened it; otherwise a previous process that had the same
  // pid (a container's pid 1 after a restart) left it.
  if (owner.pid === process.pid) return held.get(file)?.id === owner.id;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dir` or throws DataDirInUseError; resolves to the function that releases it. */
export async function lockDataDir(dir: string): Promise<() => void> {
  const file = lockPathFor(dir);
  mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    id: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      held.set(file, me);
      const release = () => {
        if (held.get(file)?.id !== me.id) return;
        held.delete(file);
        process.off('exit', release);
        const now = readOwner(file);
        if (now && now !== 'unreadable' && now.id === me.id) unlinkSync(file);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    if (owner === null) continue;
    if (owner === 'unreadable') {
      // Being written right now, or garbage left by a crash mid-write.
      let age = 0;
      try {
        age = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue;
      }
      if (age < 2_000) {
        await sleep(50);
        continue;
      }
    } else if (ownerAlive(owner, file)) {
      throw new DataDirInUseError(path.resolve(dir), owner);
    }
    // Stale: move it aside, and put it back if what moved was in fact a newer, live lock.
    const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readOwner(aside);
    if (owner !== 'unreadable' && moved && moved !== 'unreadable' && moved.id !== owner.id) {
      try {
        linkSync(aside, file);
      } catch {
        // Another process locked meanwhile; it wins.
      }
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not lock ${file}`);
}
