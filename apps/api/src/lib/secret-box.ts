import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';

// A key of its own per use, so that the app secret itself never encrypts anything.
const keyFor = (appSecret: string, purpose: string) => hash('sha256', `${purpose}:${appSecret}`, 'buffer');

/** Encrypts a secret the app must read back (AES-256-GCM under the app secret): iv, tag and text as base64url. */
export function sealSecret(appSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.');
}

/** The plain secret; throws when the sealed text was altered or sealed under another secret. */
export function openSecret(appSecret: string, purpose: string, sealed: string): string {
  const [iv = '', tag = '', text = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
}
