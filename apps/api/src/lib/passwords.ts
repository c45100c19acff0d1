import { messages, passwordLengthProblem } from '@itrust/contracts';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// The package's Algorithm is a const enum, which type stripping cannot read: 2 is its Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum's own value, see above
const argon2id: Algorithm.Argon2id = 2;
// OWASP's argon2id parameters. @node-rs/argon2 hashes on the libuv thread pool, off the event loop.
const argon2Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The 49,000 most common passwords of the zxcvbn-ts project. */
const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing does not tell. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  await verifyPassword(await decoyHash, password);
  return false;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** 8 to 128 characters and not one of the most common passwords; no composition rules (NIST 800-63B). */
export function passwordProblem(password: string): string | undefined {
  return passwordLengthProblem(password) ?? (isCommonPassword(password) ? messages.commonPassword : undefined);
}
