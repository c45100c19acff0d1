import { messages, type registerRequest } from '@itrust/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.ts';
import { ValidationFailed, type FieldErrors } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { resolveCity } from '../users/users.service.ts';
import { authMail } from './auth.mail.ts';
import type { ClientInfo } from '../../lib/client-address.ts';
import type { AuthDependencies } from './session.service.ts';

type Registration = z.output<typeof registerRequest>;

export function isAdult(dateOfBirth: string, today: Date): boolean {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

export function createRegistration(deps: AuthDependencies) {
  const { db, clock, users, tokens, codes, mail, devices } = deps;

  /** The rules that need the database or the clock; the request schema has checked the shapes. */
  async function problems(body: Registration): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);

    const password = passwordProblem(body.password);
    if (password) add('password', password);
    if (!isAdult(body.date_of_birth, clock.now())) add('date_of_birth', messages.underage);
    if (await users.emailTaken(body.email, { at: clock.now() })) add('email', 'The email has already been taken.');
    if (await users.usernameTaken(body.username)) add('username', 'The username has already been taken.');
    if (!(await users.countryExists(body.country_id))) add('country_id', 'The selected country is invalid.');
    else if (!(await users.stateBelongsToCountry(body.state_id, body.country_id))) {
      add('state_id', 'The selected state does not belong to the selected country.');
    }
    if (!(await users.nationalityExists(body.nationality))) add('nationality', 'The selected nationality is invalid.');
    if (!(await users.currencyExists(body.currency_id))) add('currency_id', 'The selected currency is invalid.');
    return errors;
  }

  return {
    async register(body: Registration, client: ClientInfo) {
      const errors = await problems(body);
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      const city = await resolveCity(users, body.state_id, body.city);
      const passwordHash = await hashPassword(body.password);

      const { userId, token, code } = await db
        .transaction(async (tx) => {
          const id = await users.insert(
            {
              firstName: body.first_name,
              lastName: body.last_name,
              email: body.email,
              username: body.username,
              passwordHash,
              phone: body.phone,
              address: body.address,
              countryId: body.country_id,
              stateId: body.state_id,
              ...city,
              zipcode: body.zipcode,
              dateOfBirth: body.date_of_birth,
              nationalityId: body.nationality,
              currencyId: body.currency_id,
              experience: body.experience,
              employed: body.employed,
              family: body.family ?? null,
              referral: body.referral ? body.referral : null,
              termsAcceptedAt: clock.now(),
            },
            tx,
          );
          return {
            userId: id,
            token: await tokens.issue(id, 'full', tx, { client }),
            code: await codes.issue(id, 'email_verification', tx),
          };
        })
        .catch((error: unknown) => {
          // Two sign-ups with the same email or username at once: the unique index decides.
          if (isUniqueViolation(error)) {
            throw new ValidationFailed({ email: ['The email or username has already been taken.'] });
          }
          throw error;
        });

      const user = await users.findById(userId);
      if (!user) throw new Error('registered user vanished');
      await mail.queue(authMail.emailVerification(user, code));
      await devices.noteSignIn(user, client);
      return { token, user };
    },
  };
}
