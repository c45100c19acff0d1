import { z } from 'zod';

export const passkeyNameRules = { required: 'Give the passkey a name.', max: 60 } as const;
const incomplete = 'The passkey response is incomplete. Please try again.';

const base64url = (max: number) =>
  z
    .string({ error: incomplete })
    .max(max, incomplete)
    .regex(/^[A-Za-z0-9_-]+$/, incomplete);

/** A passkey as the Security screen lists it. */
export const passkeyResource = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyResource = z.infer<typeof passkeyResource>;
export const passkeysResponse = z.object({ passkeys: z.array(passkeyResource) });
export type PasskeysResponse = z.infer<typeof passkeysResponse>;
/** A new passkey; the first strong method of a user without recovery codes brings them, shown only here. */
export const passkeyAddedResponse = z.object({
  passkey: passkeyResource,
  recovery_codes: z.array(z.string()).nullable(),
});
export type PasskeyAddedResponse = z.infer<typeof passkeyAddedResponse>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What the browser passes to navigator.credentials.create(), as @simplewebauthn/server makes it. */
export const passkeyCreationOptions = z.looseObject({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
});

/** What the browser passes to navigator.credentials.get(). */
export const passkeyRequestOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
});

export const passkeyCreationOptionsResponse = z.object({ options: passkeyCreationOptions });
export const passkeyRequestOptionsResponse = z.object({ options: passkeyRequestOptions });
/** The second step's options: null when the user has no passkey to offer. */
export const passkeySecondStepOptionsResponse = z.object({ options: passkeyRequestOptions.nullable() });

/** A credential as @simplewebauthn/browser returns it, with the response fields of its ceremony. */
const credentialWith = <Shape extends z.ZodRawShape>(response: Shape) =>
  z.object(
    {
      id: base64url(1400),
      rawId: base64url(1400),
      type: z.literal('public-key', { error: incomplete }),
      response: z.object(response, { error: incomplete }),
    },
    { error: incomplete },
  );

/** A new credential as @simplewebauthn/browser returns it from registration. */
export const passkeyRegistrationRequest = z.object({
  name: z
    .string({ error: passkeyNameRules.required })
    .trim()
    .min(1, passkeyNameRules.required)
    .max(passkeyNameRules.max, `At most ${passkeyNameRules.max} characters.`),
  credential: credentialWith({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type PasskeyRegistrationRequest = z.infer<typeof passkeyRegistrationRequest>;

/** A signed challenge as @simplewebauthn/browser returns it from authentication. */
export const passkeyAssertionRequest = z.object({
  credential: credentialWith({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    // Post-quantum ML-DSA signatures, which newer authenticators choose when offered, run to kilobytes.
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
});
export type PasskeyAssertionRequest = z.infer<typeof passkeyAssertionRequest>;
