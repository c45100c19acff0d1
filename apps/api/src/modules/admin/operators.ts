import { emailProblem, normalizeEmail } from '@itrust/contracts';
import { isUniqueViolation, type Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';

export class OperatorProblem extends Error {}

/** London, England, British and US dollars: where the accounts made without a sign-up form live. */
export async function londonPlace(db: Database) {
  const { rows } = await db.$client.query<{
    country_id: number;
    state_id: number;
    city_id: number;
    nationality_id: number;
    currency_id: number;
  }>(`
    select c.id as country_id, s.id as state_id, ci.id as city_id,
           (select id from nationalities where name = 'British') as nationality_id,
           (select id from currencies where code = 'USD') as currency_id
    from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'`);
  return rows[0];
}

/**
 * Creates an operator account: email verified, two-factor always asked at sign-in, no identity
 * check of its own. Refuses a weak password and an email that is taken.
 */
export async function createOperator(
  db: Database,
  typedEmail: string,
  password: string,
  name = { first: 'Itrust', last: 'Operator' },
): Promise<string> {
  const emailRefusal = emailProblem(typedEmail, { newAddress: true });
  if (emailRefusal) throw new OperatorProblem(emailRefusal);
  const email = normalizeEmail(typedEmail);
  const problem = passwordProblem(password);
  if (problem) throw new OperatorProblem(problem);
  const place = await londonPlace(db);
  if (!place) throw new OperatorProblem('The reference data is not loaded yet: start the app once first.');
  const now = new Date();
  const username = `ops_${email.split('@')[0]?.replace(/[^\w]/g, '').slice(0, 20) ?? 'operator'}`;
  try {
    const [created] = await db
      .insert(users)
      .values({
        firstName: name.first,
        lastName: name.last,
        email,
        username,
        passwordHash: await hashPassword(password),
        phone: '-',
        address: '-',
        countryId: place.country_id,
        stateId: place.state_id,
        cityName: '-',
        zipcode: '-',
        dateOfBirth: '1970-01-01',
        nationalityId: place.nationality_id,
        currencyId: place.currency_id,
        experience: 'advanced',
        employed: 'employed',
        role: 'operator',
        kyc: 'approved',
        termsAcceptedAt: now,
        emailVerifiedAt: now,
        twoFaActivatedAt: now,
      })
      .returning({ id: users.id });
    if (!created) throw new OperatorProblem('The operator was not created.');
    return created.id;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new OperatorProblem(`An account with ${email} (or its username ${username}) already exists.`);
    throw error;
  }
}
