import { messages, passwordLengthProblem } from '@itrust/contracts';
import { isCommonPassword } from '../../lib/passwords.ts';

/** 8 to 128 characters and not one of the most common passwords; no composition rules (NIST 800-63B). */
export function passwordProblem(password: string): string | undefined {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isCommonPassword(password)) return messages.commonPassword;
  return undefined;
}
