import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** APP_SECRET when set; otherwise a secret generated once and stored in DATA_DIR/app.secret (mode 600). */
export async function resolveAppSecret(appSecret: string | undefined, dataDir: string): Promise<string> {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, 'app.secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
  return (await readFile(file, 'utf8')).trim();
}
