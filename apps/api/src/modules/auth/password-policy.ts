import { messages } from '@itrust/contracts';
import { isCommonPassword } from '../../lib/passwords.ts';

/** 8 to 128 characters and not one of the most common passwords; no composition rules (NIST 800-63B). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 8 || password.length > 128) return messages.passwordLength;
  if (isCommonPassword(password)) return messages.commonPassword;
  return undefined;
}
