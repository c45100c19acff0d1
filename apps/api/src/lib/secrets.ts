import { createHmac, hash, randomBytes, randomInt } from 'node:crypto';

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

// One call, without a Hash object: every signed-in request hashes its token.
export function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** The same digest as hex text, without a Buffer in between: the key a token is looked up by. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes have only a million values, so a plain hash is no protection if the table leaks:
 * they are stored as an HMAC under a secret stored outside the database.
 */
export function codeDigest(secret: string, userId: string, purpose: string, code: string): Buffer {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest();
}
