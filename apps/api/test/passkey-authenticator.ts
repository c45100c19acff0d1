import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: ES256 keys from node:crypto, CBOR from the
 * library's encoder, and responses shaped as @simplewebauthn/browser sends them. No library at hand
 * plays the authenticator, so this one builds its "none" attestations and assertions itself.
 */
type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };
type Flags = { userVerified?: boolean };

const userPresent = 0x01;
const userVerifiedFlag = 0x04;
const attestedData = 0x40;

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The public key as a COSE EC2 key (kty 2, alg -7 ES256, crv 1 P-256, x, y). */
function coseKey(publicKey: KeyObject) {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x ?? '', 'base64url')],
      [-3, Buffer.from(y ?? '', 'base64url')],
    ]),
  );
}

export type SoftPasskey = {
  credentialId: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
};

export function createSoftAuthenticator(origin: string) {
  return {
    /** navigator.credentials.create(): a new passkey, and the registration response to send. */
    create(options: CreationOptions, { userVerified = true }: Flags = {}) {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const flags = userPresent | attestedData | (userVerified ? userVerifiedFlag : 0);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        id,
        Buffer.from(coseKey(publicKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      const passkey: SoftPasskey = {
        credentialId: base64url(id),
        rpId,
        userHandle: options.user.id,
        privateKey,
        counter: 0,
      };
      const credential = {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key' as const,
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
      };
      return { passkey, credential };
    },

    /** navigator.credentials.get(): the passkey signs the challenge; its counter goes up unless `counter` is given. */
    get(
      passkey: SoftPasskey,
      options: RequestOptions,
      { userVerified = true, counter }: Flags & { counter?: number } = {},
    ) {
      passkey.counter = counter ?? passkey.counter + 1;
      const flags = userPresent | (userVerified ? userVerifiedFlag : 0);
      const authData = Buffer.concat([
        sha256(options.rpId ?? passkey.rpId),
        Buffer.from([flags]),
        counterBytes(passkey.counter),
      ]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key' as const,
        response: {
          clientDataJSON: base64url(data),
          authenticatorData: base64url(authData),
          signature: base64url(signature),
          userHandle: passkey.userHandle,
        },
      };
    },
  };
}
