import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { userHasPasskey } from '../../db/signed-in-user.ts';
import {
  auditLog,
  currencies,
  kycDocuments,
  paymentMethods,
  savingsProducts,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import { decisionMail } from './admin.mail.ts';
import type { AuditRepository, Operator } from './audit.repository.ts';
import { matchingUsers } from './user-search.ts';

const displayCurrencies = alias(currencies, 'display_currencies');
const amountOf = (transaction: { amount: string; currency: string }) => `${transaction.amount} ${transaction.currency}`;

export type { Operator } from './audit.repository.ts';
export { operatorOf } from './admin.http.ts';

export function createAdminService(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  wallet: WalletService;
  audit: AuditRepository;
  mail: MailQueue;
}) {
  const { db, users: people, wallet, audit, mail } = deps;

  async function tell(
    userId: string,
    build: (recipient: { email: string; firstName: string }) => Parameters<MailQueue['queue']>[0],
  ) {
    const user = await people.findById(userId);
    if (user?.emailNotifications) await mail.queue(build(user));
  }

  async function decideKyc(operator: Operator, userId: string, to: 'approved' | 'declined', reason?: string) {
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(users)
        .set({ kyc: to, kycDeclinedReason: to === 'declined' ? (reason ?? null) : null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.kyc, 'submitted')))
        .returning({ id: users.id });
      if (!moved) throw new Conflict('Only a submitted identity check can be decided.');
      await audit.record(tx, operator, {
        action: to === 'approved' ? 'kyc.approve' : 'kyc.decline',
        objectType: 'user',
        objectId: userId,
        before: { kyc: 'submitted' },
        after: { kyc: to, ...(reason ? { reason } : {}) },
      });
    });
    await tell(userId, (recipient) =>
      to === 'approved' ? decisionMail.kycApproved(recipient) : decisionMail.kycDeclined(recipient, reason ?? ''),
    );
  }

  /** The audit entry of an operator's decision on a deposit or withdrawal, written with the decision. */
  const recordDecision =
    (operator: Operator, verb: 'approve' | 'decline', after: object) =>
    (tx: Executor, decided: { id: string; type: string; amount: string }) =>
      audit.record(tx, operator, {
        action: `${decided.type === 'credit' ? 'deposit' : 'withdrawal'}.${verb}`,
        objectType: 'transaction',
        objectId: decided.id,
        before: { status: 'pending', amount: decided.amount },
        after,
      });

  return {
    async kycQueue(status: 'pending' | 'submitted' | 'approved' | 'declined', page: number, perPage: number) {
      const where = eq(users.kyc, status);
      const [rows, total] = await Promise.all([
        db
          .select({ user: users, currency: currencies, display: displayCurrencies, hasPasskey: userHasPasskey })
          .from(users)
          .innerJoin(currencies, eq(currencies.id, users.currencyId))
          .leftJoin(displayCurrencies, eq(displayCurrencies.id, users.displayCurrencyId))
          .where(where)
          .orderBy(desc(users.kycSubmittedAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(users, where),
      ]);
      const ids = rows.map((row) => row.user.id);
      const documents = ids.length ? await db.select().from(kycDocuments).where(inArray(kycDocuments.userId, ids)) : [];
      const people = rows.map((row) => ({
        ...row.user,
        currency: row.currency,
        displayCurrency: row.display ?? row.currency,
        hasPasskey: row.hasPasskey,
      }));
      return { people, documents, total };
    },
    approveKyc: (operator: Operator, userId: string) => decideKyc(operator, userId, 'approved'),
    declineKyc: (operator: Operator, userId: string, reason: string) => decideKyc(operator, userId, 'declined', reason),

    async transactionsQueue(
      filters: { status?: string | undefined; type?: string | undefined },
      page: number,
      perPage: number,
    ) {
      const where = and(
        filters.status ? sql`${transactions.status} = ${filters.status}::transaction_status` : undefined,
        // Says, in words the planner can match, that the rows are in transactions_undecided_idx.
        filters.status && filters.status !== 'approved' ? sql`${transactions.status} <> 'approved'` : undefined,
        filters.type ? sql`${transactions.type} = ${filters.type}::transaction_type` : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            transaction: transactions,
            user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
            method: paymentMethods,
          })
          .from(transactions)
          .innerJoin(users, eq(users.id, transactions.userId))
          .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
          .where(where)
          .orderBy(desc(transactions.createdAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(transactions, where),
      ]);
      return { rows, total };
    },

    async approveTransaction(operator: Operator, transactionId: string, payoutReference?: string) {
      const after = { status: 'approved', ...(payoutReference ? { payout_reference: payoutReference } : {}) };
      const approved = await wallet.approve(transactionId, payoutReference, recordDecision(operator, 'approve', after));
      const mail = approved.type === 'credit' ? decisionMail.depositCredited : decisionMail.withdrawalPaid;
      await tell(approved.userId, (recipient) => mail(recipient, amountOf(approved), approved.reference));
      return approved;
    },

    async declineTransaction(operator: Operator, transactionId: string, reason: string) {
      const after = { status: 'declined', reason };
      const declined = await wallet.decline(transactionId, reason, recordDecision(operator, 'decline', after));
      const mail = declined.type === 'credit' ? decisionMail.depositDeclined : decisionMail.withdrawalDeclined;
      await tell(declined.userId, (recipient) => mail(recipient, amountOf(declined), declined.reference, reason));
      return declined;
    },

    searchUsers(search: string) {
      return matchingUsers(db, search);
    },

    /** Operators write the title and note of a savings product; the note is stored sanitised. */
    async updateSavingsProduct(operator: Operator, productId: number, change: { title?: string; note?: string }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(savingsProducts).where(eq(savingsProducts.id, productId)).for('update');
        if (!before) throw new NotFound('No such savings account.');
        const after = {
          title: change.title ?? before.title,
          note: change.note === undefined ? before.note : sanitizeRichText(change.note),
        };
        const [updated] = await tx
          .update(savingsProducts)
          .set({ ...after, updatedAt: sql`now()` })
          .where(eq(savingsProducts.id, productId))
          .returning();
        await audit.record(tx, operator, {
          action: 'savings_product.update',
          objectType: 'savings_product',
          objectId: String(productId),
          before: { title: before.title, note: before.note },
          after,
        });
        if (!updated) throw new NotFound('No such savings account.');
        return updated;
      });
    },

    async userDetail(userId: string) {
      const user = await people.findById(userId);
      if (!user) throw new NotFound('No such user.');
      const [wallets, recent] = await Promise.all([wallet.wallets(userId), wallet.recent(userId, 20)]);
      return { user, wallets, recent };
    },

    /** The audit log, newest first, with each actor's email; `actor` keeps one kind of actor. */
    async auditPage(page: number, perPage: number, actor?: 'operator' | 'user') {
      const where = actor ? eq(auditLog.actorKind, actor) : undefined;
      const [rows, total] = await Promise.all([
        db
          .select({ entry: auditLog, actorEmail: users.email })
          .from(auditLog)
          .innerJoin(users, eq(users.id, auditLog.operatorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(auditLog, where),
      ]);
      return { rows: rows.map((row) => ({ ...row.entry, actorEmail: row.actorEmail })), total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
