import { z } from 'zod';
import { codeRequest, userResource } from './auth.ts';

/** A new authenticator secret (Base32, for typing in) and the otpauth:// URI its QR code carries. */
export const authenticatorSetupResponse = z.object({ secret: z.string(), uri: z.string() });
export type AuthenticatorSetupResponse = z.infer<typeof authenticatorSetupResponse>;

/** Recovery codes, in the only response that ever shows them. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const authenticatorConfirmResponse = recoveryCodesResponse.extend({ user: userResource });
export type AuthenticatorConfirmResponse = z.infer<typeof authenticatorConfirmResponse>;

/** What Security shows of the strong second steps. */
export const authenticatorStatusResponse = z.object({
  authenticator_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type AuthenticatorStatusResponse = z.infer<typeof authenticatorStatusResponse>;

/** Removing the authenticator needs the password or a current code from it, never the token alone. */
export const authenticatorRemoveRequest = z.object({
  password: z.string().max(1024).optional(),
  code: codeRequest.shape.code.optional(),
});

export const recoveryCodeMessage = 'Enter a recovery code as it was shown, like abcde-23456.';
export const recoveryCodeRequest = z.object({
  code: z
    .string({ error: recoveryCodeMessage })
    .trim()
    .regex(/^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/, recoveryCodeMessage),
});
