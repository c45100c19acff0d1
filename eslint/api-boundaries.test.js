import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import apiBoundaries from './api-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const source = path.resolve(import.meta.dirname, '../apps/api/src');
const at = (file) => path.join(source, file);
const { rules } = apiBoundaries;

tester.run('no-sql-in-routes', rules['no-sql-in-routes'], {
  valid: [
    {
      filename: at('modules/ledger/transactions.routes.ts'),
      code: "import type { Database } from '../../db/client.ts';",
    },
    { filename: at('modules/ledger/wallet.service.ts'), code: "import { sql } from 'drizzle-orm';" },
  ],
  invalid: [
    { filename: at('modules/ledger/transactions.routes.ts'), code: "import { sql } from 'drizzle-orm';" },
    {
      filename: at('modules/trading/watchlist.routes.ts'),
      code: "import { assets } from '../../db/schema/index.ts';",
    },
    { filename: at('modules/health/health.routes.ts'), code: "import pg from 'pg';" },
  ].map((test) => ({ ...test, errors: [{ messageId: 'sql' }] })),
});

tester.run('module-through-service', rules['module-through-service'], {
  valid: [
    {
      filename: at('modules/savings/savings.service.ts'),
      code: "import { ledgerRepository } from '../ledger/ledger.service.ts';",
    },
    {
      filename: at('modules/kyc/kyc.service.ts'),
      code: "import type { UsersRepository } from '../users/users.repository.ts';",
    },
    { filename: at('modules/ledger/wallet.service.ts'), code: "import { toMoney } from './ledger.repository.ts';" },
    { filename: at('seed/demo.ts'), code: "import { createOperator } from '../modules/admin/operators.ts';" },
  ],
  invalid: [
    {
      filename: at('modules/portfolio/portfolio.service.ts'),
      code: "import { dayValues } from '../trading/held-lots.ts';",
      errors: [{ messageId: 'service' }],
    },
    {
      filename: at('modules/savings/savings.service.ts'),
      code: "export { ledgerRepository } from '../ledger/ledger.repository.ts';",
      errors: [{ messageId: 'service' }],
    },
    {
      filename: at('modules/account/account.routes.ts'),
      code: "import type { UsersRepository } from '../users/users.repository.ts';",
      errors: [{ messageId: 'repository' }],
    },
    {
      filename: at('modules/market/market.routes.ts'),
      code: "import { sortColumns } from './market.repository.ts';",
      errors: [{ messageId: 'repository' }],
    },
    {
      filename: at('modules/trading/position.routes.ts'),
      code: "import type { TradingQueries } from './trading.queries.ts';",
      errors: [{ messageId: 'repository' }],
    },
  ],
});

tester.run('shared-layers-import-no-module', rules['shared-layers-import-no-module'], {
  valid: [
    { filename: at('plugins/auth.ts'), code: "import type { ClientInfo } from '../lib/client-address.ts';" },
    {
      filename: at('jobs/housekeeping.job.ts'),
      code: "import { codeLockRules } from '../modules/auth/code-failures.ts';",
    },
  ],
  invalid: [
    { filename: at('plugins/auth.ts'), code: "import type { Tokens } from '../modules/auth/tokens.ts';" },
    { filename: at('db/retention.ts'), code: "import { codeLockRules } from '../modules/auth/code-failures.ts';" },
    { filename: at('lib/money.ts'), code: "import { toMoney } from '../modules/ledger/ledger.repository.ts';" },
  ].map((test) => ({ ...test, errors: [{ messageId: 'module' }] })),
});
