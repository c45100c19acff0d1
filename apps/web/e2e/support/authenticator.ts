import { base32Decode, totpAt } from '../../../api/test/totp.ts';
import { codeFromOutbox } from './outbox.ts';
import type { Stack } from './stack.ts';

type Envelope = { message: string; data: Record<string, unknown> };

/** A POST to the app's API; throws with the app's message when refused. */
export async function post(stack: Stack, path: string, body: unknown, token?: string): Promise<Envelope> {
  const response = await fetch(`${stack.app.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope;
}

const lastStepOf = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code for the secret (HMAC-SHA-1 of node:crypto, apart from the app's library) that the app has
 * not seen yet. A code works once, and the app accepts one step of drift either way, so three codes
 * are good at any moment: the last step's, the current one's and the next one's. The last step's is
 * given only while it has time left to reach the app; a fourth code waits for the clock.
 */
export async function freshCode(secret: string): Promise<string> {
  const now = () => Math.floor(Date.now() / 30_000);
  const secondsLeftInStep = () => 30 - ((Date.now() / 1000) % 30);
  let step = Math.max(now() - 1, (lastStepOf.get(secret) ?? -Infinity) + 1);
  if (step < now() && secondsLeftInStep() < 10) step = now();
  while (step > now() + 1) await sleep(500);
  lastStepOf.set(secret, step);
  return totpAt(base32Decode(secret), step * 30);
}

/** Reads the key the Security screen shows (grouped by four) as the Base32 secret. */
export const secretFromScreen = (shown: string) => shown.replace(/\s+/g, '');

const operators = new WeakMap<Stack, { token: string; secret: string }>();

/**
 * The demo operator's session, signed in once per stack with the password and the emailed code; the
 * operator then sets up the authenticator app the console asks for. Later calls reuse the session.
 */
export async function operatorSession(stack: Stack, seen: Set<string>) {
  const known = operators.get(stack);
  if (known) return known;
  const waiting = await post(stack, '/user/login', { login: 'ops@example.com', password: stack.operatorPassword });
  const code = await codeFromOutbox(stack.dataDir, 'ops@example.com', 'sign-in code', seen);
  const passed = await post(stack, '/user/verify-two-fa', { code }, String(waiting.data['token']));
  const token = String(passed.data['token']);
  const started = await post(stack, '/user/authenticator', {}, token);
  const secret = String(started.data['secret']);
  await post(stack, '/user/authenticator/confirm', { code: await freshCode(secret) }, token);
  const session = { token, secret };
  operators.set(stack, session);
  return session;
}
