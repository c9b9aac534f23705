// Creating firms and users: the first account at start-up, and more from the command line.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { firmsRepo } from '../repositories/firms.ts';
import { usersRepo } from '../repositories/users.ts';
import { isUniqueViolation } from './db-errors.ts';
import { MIN_PASSWORD_LENGTH, hashPassword } from './passwords.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds a user to the firm with that name, creating the firm when it does not exist yet. */
export async function createUser(db: Database, input: { firm: string; email: string; password: string }) {
  if (!EMAIL.test(input.email)) throw validationFailed(`"${input.email}" is not an e-mail address`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw validationFailed(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const firm = (await firmsRepo.findByName(tx, input.firm)) ?? (await firmsRepo.insert(tx, { id: newId('firm'), name: input.firm }));
      const user = await usersRepo.insert(tx, { id: newId('usr'), firm_id: firm.id, email: input.email.toLowerCase(), password_hash: passwordHash });
      return { firm, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `A user with e-mail ${input.email} already exists`);
    throw error;
  }
}

export type FirstUser = { email: string; password: string; generated: boolean } | null;

/**
 * When no user exists: ADMIN_EMAIL/ADMIN_PASSWORD create the first firm and user; on the embedded
 * database without them a demo account is created and its password returned, to be printed once.
 */
export async function ensureFirstUser(db: Database, config: Config): Promise<FirstUser> {
  if ((await usersRepo.count(db)) > 0) return null;
  if (config.admin) {
    await createUser(db, config.admin);
    return { email: config.admin.email, password: config.admin.password, generated: false };
  }
  if (config.databaseUrl) return null;
  const password = randomBytes(12).toString('base64url');
  const email = 'demo@example.com';
  await createUser(db, { firm: 'Demo firm', email, password });
  return { email, password, generated: true };
}
