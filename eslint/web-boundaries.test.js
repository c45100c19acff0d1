import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import webBoundaries from './web-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const source = path.resolve(import.meta.dirname, '../apps/web/src');
const at = (file) => path.join(source, file);
const cashForm = at('features/cash/components/deposit-form.tsx');
const crossFeature = [{ messageId: 'crossFeature' }];

new RuleTester().run('no-cross-feature-import', webBoundaries.rules['no-cross-feature-import'], {
  valid: [
    { filename: cashForm, code: "import { useDeposit } from '../api/wallet';" },
    { filename: cashForm, code: "import { useMoney } from '../../../lib/use-money';" },
    { filename: cashForm, code: "import { Modal } from '../../../components/ui/modal';" },
    { filename: cashForm, code: "import { useQuery } from '@tanstack/react-query';" },
    { filename: at('app/router.tsx'), code: "import { walletsQuery } from '../features/cash/api/wallet';" },
    { filename: at('lib/use-money.ts'), code: "import { fxRatesQuery } from './fx-rates';" },
  ],
  invalid: [
    { filename: cashForm, code: "import { useAsset } from '../../market/api/get-asset';", errors: crossFeature },
    {
      filename: cashForm,
      code: "import { useAsset } from '../../cash/../market/api/get-asset';",
      errors: [
        {
          message:
            "feature cash imports '../../cash/../market/api/get-asset' from feature market: move what both use to components/, hooks/ or lib/, or compose them in app/.",
        },
      ],
    },
    { filename: cashForm, code: "import { x } from '../../../features/market';", errors: crossFeature },
    { filename: cashForm, code: "export * from '../../market/api/types';", errors: crossFeature },
    { filename: cashForm, code: "export { useAsset } from '../../market/api/get-asset';", errors: crossFeature },
    { filename: cashForm, code: "const page = import('../../market/routes/market-route');", errors: crossFeature },
    {
      filename: at('components/ui/modal.tsx'),
      code: "import { useDeposit } from '../../features/cash/api/wallet';",
      errors: [{ messageId: 'sharedToFeature' }],
    },
  ],
});
