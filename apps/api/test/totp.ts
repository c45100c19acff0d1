import { createHmac } from 'node:crypto';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32, as authenticator apps read the secret. */
export function base32Decode(text: string): Buffer {
  let bits = '';
  for (const character of text.replace(/=+$/, '').toUpperCase()) {
    const value = base32Alphabet.indexOf(character);
    if (value < 0) throw new Error(`not Base32: ${character}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

export function base32Encode(bytes: Buffer): string {
  const bits = [...bytes].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  const groups = bits.match(/.{1,5}/g) ?? [];
  return groups.map((group) => base32Alphabet[Number.parseInt(group.padEnd(5, '0'), 2)]).join('');
}

/**
 * RFC 6238 with HMAC-SHA-1 (RFC 4226 dynamic truncation), written apart from the app's library so
 * that a test checks the app against an independent generator.
 */
export function totpAt(key: Buffer, unixSeconds: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

export const totpFromBase32 = (secret: string, at: Date) => totpAt(base32Decode(secret), at.getTime() / 1000);
