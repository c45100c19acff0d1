import { z } from 'zod';

/**
 * An amount or quantity as a client sends it: decimal text (read exactly later) or a JSON number.
 * Anything else, null or a boolean or an object, is refused with the field's own `message`.
 */
export const wireNumber = (message: string) => z.union([z.string().max(40, message), z.number()], { error: message });
