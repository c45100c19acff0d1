import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { codeFromOutbox } from './outbox.ts';
import { operatorSession } from './authenticator.ts';
import type { Stack } from './stack.ts';

type Envelope = { status: string; message: string; data: Record<string, unknown> };

async function call(stack: Stack, path: string, body: unknown, token?: string): Promise<Envelope> {
  const response = await fetch(`${stack.app.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope;
}

/** The operator's session, with the authenticator app the console asks for (see operatorSession). */
export async function operatorToken(stack: Stack, seen: Set<string>): Promise<string> {
  return (await operatorSession(stack, seen)).token;
}

/**
 * A second investor, made through the API as a real one would be: signs up, verifies the email,
 * has the identity approved (by SQL: the documents step is another journey's subject) and a bank
 * deposit of `cash` that the demo operator confirms, in `currency` (chosen at sign-up).
 */
export async function fundedInvestor(stack: Stack, cash: string, seen: Set<string>, currency = 'USD') {
  const suffix = randomBytes(4).toString('hex');
  const email = `saver.${suffix}@example.com`;
  const password = `saver passphrase ${suffix}`;
  const [place] = await stack.sql<Record<string, number>>(
    `
    select c.id as country_id, s.id as state_id, ci.id as city,
      (select id from nationalities where name = 'British') as nationality,
      (select id from currencies where code = $1) as currency_id
    from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'`,
    [currency],
  );
  const registered = await call(stack, '/user/register', {
    first_name: 'Sam',
    last_name: 'Saver',
    email,
    username: `saver_${suffix}`,
    password,
    password_confirmation: password,
    phone: '+44 20 7946 0101',
    address: '2 Saving Row',
    zipcode: 'EC1A 1BB',
    date_of_birth: '1988-03-02',
    experience: 'beginner',
    employed: 'employed',
    family: 'no',
    referral: '',
    terms: true,
    ...place,
  });
  const token = String(registered.data['token']);
  const code = await codeFromOutbox(stack.dataDir, email, 'email verification code', seen);
  await call(stack, '/user/email/verify', { code }, token);
  await stack.sql("update users set kyc = 'approved' where email = $1", [email]);
  const deposit = await call(stack, '/user/transaction/deposit', { amount: cash, mode: 'bank' }, token);
  const transaction = deposit.data['transaction'] as { id: string };
  await call(stack, `/admin/transactions/${transaction.id}/approve`, {}, await operatorToken(stack, seen));
  return { email, password };
}

/** A sign-in sent from another loopback address, as from another person's network; returns the status. */
export const signInFrom = (stack: Stack, localAddress: string, login: string, password: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL('/api/user/login', stack.app.url);
    const sent = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', accept: 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ login, password }));
  });
