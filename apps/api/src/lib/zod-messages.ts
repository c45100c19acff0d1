import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const units: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

const typeNames: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter text.',
  boolean: 'Choose true or false.',
  array: 'Send a list.',
  object: 'Send an object.',
};

/**
 * What a client reads when a route's schema gives no message of its own: plain sentences about
 * the field the error is filed under ("At most 34 characters.") instead of zod's defaults
 * ("Too big: expected string to have <=34 characters"). A schema's own message always wins.
 */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return typeNames[issue.expected] ?? 'This value is not valid.';
    case 'too_small': {
      const unit = units[issue.origin];
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'This field is required.';
      if (unit) return `At least ${issue.minimum} ${unit}.`;
      return issue.inclusive ? `At least ${issue.minimum}.` : `More than ${issue.minimum}.`;
    }
    case 'too_big': {
      const unit = units[issue.origin];
      if (unit) return `At most ${issue.maximum} ${unit}.`;
      return issue.inclusive ? `At most ${issue.maximum}.` : `Less than ${issue.maximum}.`;
    }
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'This id is not valid.';
      return 'This value is not in the expected format.';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'This value is not valid.';
    default:
      return undefined;
  }
}

/** Once per process, before any route validates; zod's configuration is global. */
export function usePlainMessages(): void {
  z.config({ customError: plainMessage });
}
