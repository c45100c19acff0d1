import { randomInt } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createOperator, londonPlace } from '../modules/admin/operators.ts';

export const demoInvestorEmail = 'demo@example.com';

export type DemoCredentials = {
  email: string;
  password: string;
  file: string;
  userId: string;
  operatorEmail: string;
  operatorPassword: string;
};

export const demoOperatorEmail = 'ops@example.com';

/** Four random words: easy to type, far from any common-password list. */
function demoPassword(): string {
  const words = dictionary['diceware-common'];
  return Array.from({ length: 4 }, () => words[randomInt(words.length)]).join('-');
}

/**
 * On a database with no users, outside production: the demo investor (email verified, identity
 * approved, a customer for four months) and the demo operator. Passwords are random, printed once and stored in
 * DATA_DIR/demo-credentials.txt.
 */
export async function seedDemoUsers(db: Database, dataDir: string): Promise<DemoCredentials | undefined> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (existing && existing.count > 0) return undefined;

  const password = demoPassword();
  const place = await londonPlace(db);
  if (!place) throw new Error('The reference data has no London, England.');

  const joined = new Date(Date.now() - 121 * 24 * 60 * 60_000);
  const [created] = await db
    .insert(users)
    .values({
      firstName: 'Demo',
      lastName: 'Investor',
      email: demoInvestorEmail,
      username: 'demo',
      passwordHash: await hashPassword(password),
      phone: '+44 20 7946 0000',
      address: '1 Demo Street',
      countryId: place.country_id,
      stateId: place.state_id,
      cityId: place.city_id,
      cityName: 'London',
      zipcode: 'EC1A 1AA',
      dateOfBirth: '1985-06-15',
      nationalityId: place.nationality_id,
      currencyId: place.currency_id,
      experience: 'intermediate',
      employed: 'employed',
      family: 'no',
      termsAcceptedAt: joined,
      emailVerifiedAt: joined,
      kyc: 'approved',
      createdAt: joined,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('the demo investor was not created');

  const operatorPassword = demoPassword();
  await createOperator(db, demoOperatorEmail, operatorPassword, { first: 'Olivia', last: 'Operator' });

  const file = path.join(dataDir, 'demo-credentials.txt');
  await writeFile(
    file,
    `Demo investor\n  email: ${demoInvestorEmail}\n  password: ${password}\nDemo operator (at /admin)\n  email: ${demoOperatorEmail}\n  password: ${operatorPassword}\n`,
    { mode: 0o600 },
  );
  await chmod(file, 0o600);
  return {
    email: demoInvestorEmail,
    password,
    file,
    userId: created.id,
    operatorEmail: demoOperatorEmail,
    operatorPassword,
  };
}
