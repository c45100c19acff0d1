import type { PasskeyAssertionRequest, PasskeyRegistrationRequest } from '@itrust/contracts';
import { withKeyLock, type Executor } from '../../db/client.ts';
import type { ClientInfo } from '../../lib/client-address.ts';
import { AppError, Conflict, NotFound } from '../../lib/errors.ts';
import type { Authenticated, AuthDependencies } from './session.service.ts';
import { createPasskeysRepository, type Passkey, type PasskeyCeremony } from './passkeys.repository.ts';

export type { Passkey } from './passkeys.repository.ts';

/** Where passkeys are valid: the relying party's id (a host name) and the one origin they are used from. */
export type RelyingParty = { rpId: string; origin: string };

const challengeLifetimeMs = 5 * 60 * 1000;
export const maxPasskeys = 10;

export const passkeyMessages = {
  expired: 'This passkey request has expired. Please try again.',
  unknown: 'This passkey is not registered with Itrust. Sign in with your password, then add it under Security.',
  notVerified: 'The passkey could not be verified. Please try again.',
  userNotVerified: 'Your device must confirm it is you (with a PIN, fingerprint or face) to use this passkey.',
  alreadyRegistered: 'This passkey is already registered.',
  tooMany: `You can have at most ${maxPasskeys} passkeys: remove one to add another.`,
  notFound: 'No such passkey.',
  added: 'Passkey added.',
  addedWithCodes: 'Passkey added. Keep your recovery codes somewhere safe: they are shown only once.',
  removed: 'Passkey removed.',
} as const;

const notVerified = () => new AppError(422, passkeyMessages.notVerified);

// The library brings an X.509 and ASN.1 stack of a few hundred modules: loaded by the first passkey
// request rather than by every start of the server.
const loadWebAuthn = () => Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);
let webAuthnLoaded: ReturnType<typeof loadWebAuthn> | undefined;
const webAuthn = () => (webAuthnLoaded ??= loadWebAuthn());

/** Runs one of the library's decoders on what the browser sent: whatever it cannot read is refused. */
function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch {
    throw notVerified();
  }
}

export function createPasskeys(deps: AuthDependencies & { relyingParty: RelyingParty }) {
  const { db, clock, users, tokens, codes, devices, recoveryCodes, relyingParty } = deps;
  const repository = createPasskeysRepository(db);
  const expected = { expectedOrigin: relyingParty.origin, expectedRPID: relyingParty.rpId };

  async function saveChallenge(ceremony: PasskeyCeremony, userId: string | null, challenge: string) {
    const now = clock.now();
    await repository.saveChallenge({
      challenge,
      ceremony,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + challengeLifetimeMs),
    });
  }

  /** The challenge the browser signed, taken out of the store: refused if used, expired or not handed out for this. */
  async function takeChallenge(clientDataJSON: string, ceremony: PasskeyCeremony, userId: string | null) {
    const [, { decodeClientDataJSON }] = await webAuthn();
    const { challenge } = decoded(() => decodeClientDataJSON(clientDataJSON));
    if (typeof challenge !== 'string') throw notVerified();
    const expiresAt = await repository.takeChallenge(challenge, ceremony, userId);
    if (!expiresAt || expiresAt <= clock.now()) throw new AppError(422, passkeyMessages.expired);
    return challenge;
  }

  /** Checks a signed challenge against the stored passkey (signature, origin, relying party, counter). */
  async function verifyAssertion(
    passkey: Passkey,
    credential: PasskeyAssertionRequest['credential'],
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<number> {
    const [{ verifyAuthenticationResponse }, { isoBase64URL, parseAuthenticatorData }] = await webAuthn();
    const { flags } = decoded(() =>
      parseAuthenticatorData(isoBase64URL.toBuffer(credential.response.authenticatorData)),
    );
    if (requireUserVerification && !flags.uv) throw new AppError(422, passkeyMessages.userNotVerified);
    const verification = await verifyAuthenticationResponse({
      response: { ...credential, clientExtensionResults: {} },
      expectedChallenge: challenge,
      ...expected,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    }).catch(() => ({ verified: false, authenticationInfo: undefined }));
    if (!verification.verified || !verification.authenticationInfo) throw notVerified();
    return verification.authenticationInfo.newCounter;
  }

  /** The passkey a signed challenge names; `userId` when it must be that user's. */
  async function passkeyOf(credential: PasskeyAssertionRequest['credential'], userId?: string) {
    const [, { isoBase64URL, isoUint8Array }] = await webAuthn();
    const passkey = await repository.findByCredentialId(credential.id);
    if (!passkey || (userId !== undefined && passkey.userId !== userId)) {
      throw new AppError(422, passkeyMessages.unknown);
    }
    // The user handle is the account id the passkey was made for (see registrationOptions).
    const handle = credential.response.userHandle;
    if (handle && decoded(() => isoUint8Array.toUTF8String(isoBase64URL.toBuffer(handle))) !== passkey.userId) {
      throw new AppError(422, passkeyMessages.unknown);
    }
    return passkey;
  }

  /** Records the use and issues a full token in one transaction, with `work` (revoking a waiting token). */
  async function signedIn(
    passkey: Passkey,
    counter: number,
    client: ClientInfo,
    work?: (tx: Executor) => Promise<void>,
  ) {
    const token = await db.transaction(async (tx) => {
      await repository.noteUse(passkey.id, counter, clock.now(), tx);
      await work?.(tx);
      await codes.unlockReset(tx, passkey.userId);
      return tokens.issue(passkey.userId, 'full', tx, { client, secondStep: 'passkey' });
    });
    const user = await users.get(passkey.userId);
    await devices.noteSignIn(user, client);
    return { token, user };
  }

  return {
    list: (userId: string) => repository.listOf(userId),

    /** Options for the browser to create a discoverable passkey that verifies its user; the user's own are excluded. */
    async registrationOptions(userId: string) {
      const user = await users.get(userId);
      const existing = await repository.listOf(userId);
      if (existing.length >= maxPasskeys) throw new Conflict(passkeyMessages.tooMany);
      const [{ generateRegistrationOptions }, { isoUint8Array }] = await webAuthn();
      const options = await generateRegistrationOptions({
        rpName: 'Itrust',
        rpID: relyingParty.rpId,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`,
        userID: isoUint8Array.fromUTF8String(user.id),
        timeout: challengeLifetimeMs,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await saveChallenge('registration', userId, options.challenge);
      return { ...options };
    },

    /**
     * Verifies the new credential against the user's challenge and stores it under the name given.
     * A user without recovery codes gets ten, returned here once (null when they have some already).
     */
    async register(
      userId: string,
      { name, credential }: PasskeyRegistrationRequest,
    ): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'registration', userId);
      const [{ verifyRegistrationResponse }, { decodeAttestationObject, isoBase64URL, parseAuthenticatorData }] =
        await webAuthn();
      const authData = decoded(() =>
        parseAuthenticatorData(
          decodeAttestationObject(isoBase64URL.toBuffer(credential.response.attestationObject)).get('authData'),
        ),
      );
      if (!authData.flags.uv) throw new AppError(422, passkeyMessages.userNotVerified);
      const verification = await verifyRegistrationResponse({
        response: { ...credential, clientExtensionResults: {} },
        expectedChallenge: challenge,
        ...expected,
        requireUserVerification: true,
      }).catch(() => ({ verified: false, registrationInfo: undefined }));
      if (!verification.verified || !verification.registrationInfo) throw notVerified();
      const { credential: created } = verification.registrationInfo;

      // Two first passkeys at once must not issue two sets of codes, the second killing the first.
      return withKeyLock(db, `recovery-codes:${userId}`, async (tx) => {
        if ((await repository.countOf(userId, tx)) >= maxPasskeys) throw new Conflict(passkeyMessages.tooMany);
        const passkey = await repository.insert(
          {
            userId,
            credentialId: created.id,
            publicKey: Buffer.from(created.publicKey),
            counter: created.counter,
            transports: credential.response.transports ?? [],
            name,
            createdAt: clock.now(),
          },
          tx,
        );
        if (!passkey) throw new Conflict(passkeyMessages.alreadyRegistered);
        const fresh = (await recoveryCodes.left(userId, tx)) === 0 ? await recoveryCodes.issue(userId, tx) : null;
        return { passkey, recoveryCodes: fresh };
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw new NotFound(passkeyMessages.notFound);
    },

    /** Options for signing in with a passkey alone: the browser offers the passkeys it holds for Itrust. */
    async signInOptions() {
      const [{ generateAuthenticationOptions }] = await webAuthn();
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpId,
        userVerification: 'required',
        timeout: challengeLifetimeMs,
      });
      await saveChallenge('sign_in', null, options.challenge);
      return { ...options };
    },

    /** A passkey alone signs in in full, like a password followed by the second step: its device verified the user. */
    async signIn(credential: PasskeyAssertionRequest['credential'], client: ClientInfo) {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'sign_in', null);
      const passkey = await passkeyOf(credential);
      const counter = await verifyAssertion(passkey, credential, challenge, true);
      return signedIn(passkey, counter, client);
    },

    /** Options for the second step with one of the user's passkeys; null when the user has none. */
    async secondStepOptions(auth: Authenticated) {
      const mine = await repository.listOf(auth.userId);
      if (mine.length === 0) return null;
      const [{ generateAuthenticationOptions }] = await webAuthn();
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpId,
        allowCredentials: mine.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
        userVerification: 'preferred',
        timeout: challengeLifetimeMs,
      });
      await saveChallenge('second_step', auth.userId, options.challenge);
      return { ...options };
    },

    /** The second step with a passkey: the password came first, so having the device is enough. */
    async secondStep(auth: Authenticated, credential: PasskeyAssertionRequest['credential'], client: ClientInfo) {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'second_step', auth.userId);
      const passkey = await passkeyOf(credential, auth.userId);
      const counter = await verifyAssertion(passkey, credential, challenge, false);
      return signedIn(passkey, counter, client, (tx) => tokens.revoke(auth.tokenId, tx));
    },

    /** A step-up with one of the user's passkeys, on a challenge from secondStepOptions (it works once). */
    async confirm(userId: string, credential: PasskeyAssertionRequest['credential']): Promise<void> {
      const challenge = await takeChallenge(credential.response.clientDataJSON, 'second_step', userId);
      const passkey = await passkeyOf(credential, userId);
      const counter = await verifyAssertion(passkey, credential, challenge, false);
      await repository.noteUse(passkey.id, counter, clock.now());
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
