import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { Card } from '../../../components/ui/card';
import { CardList, CardRow } from '../../../components/ui/card-list';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TableHead } from '../../../components/ui/table-head';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useOpenPositionsPage } from '../api/trading';
import type { Position } from '@itrust/contracts';
import { openedOn, SignedFigure } from '../../../components/signed-figure';
import { useMoney } from '../../../lib/use-money';
import { assetPath } from './asset-name';
import { OpenOrderList } from './open-orders';

const perPage = 20;

/** Every open position with its value, today's move and total return, 20 a page; each opens its asset screen. */
export function OpenPositions({ approved }: { approved: boolean }) {
  const [page, setPage] = useState(1);
  const positions = useOpenPositionsPage(page, perPage, approved);
  const { money } = useMoney();
  const rows = positions.data?.data ?? [];
  const lastPage = positions.data?.last_page ?? 1;
  const isDesktop = useIsDesktop();
  return (
    <Card id="position" title="Open positions" busy={positions.isPlaceholderData}>
      {approved && positions.isPending && <p className="mt-3 text-sm text-slate-600">Loading your positions…</p>}
      {positions.isError && <MessageBanner error={positions.error.message} />}
      {(!approved || (positions.isSuccess && rows.length === 0)) && (
        <p className="mt-3 text-slate-600">You have no open positions</p>
      )}
      {rows.length > 0 &&
        (isDesktop ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm" data-testid="open-positions">
              <TableHead columns={['Asset', 'Quantity', 'Value', 'Today', 'Total return']} />
              <tbody className="divide-y divide-slate-100">
                {rows.map((position) => (
                  <tr key={position.id}>
                    <td className="py-2">
                      <PositionAsset position={position} />
                    </td>
                    <td className="tabular-nums">{quantityOf(position)}</td>
                    <td className="tabular-nums">{money(position.value)}</td>
                    <td>
                      <SignedFigure amount={position.today_pl} percent={position.today_pl_percentage} />
                    </td>
                    <td>
                      <SignedFigure amount={position.pl} percent={position.pl_percentage} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          // A phone has no room for five columns: each position is a card with every figure on screen.
          <CardList testId="open-positions">
            {rows.map((position) => (
              <CardRow
                key={position.id}
                title={<PositionAsset position={position} />}
                aside={
                  <span className="tabular-nums">
                    <span className="block font-medium">{money(position.value)}</span>
                    <span className="block text-xs text-slate-600">{quantityOf(position)}</span>
                  </span>
                }
                figures={[
                  ['Today', <SignedFigure amount={position.today_pl} percent={position.today_pl_percentage} />],
                  ['Total return', <SignedFigure amount={position.pl} percent={position.pl_percentage} />],
                ]}
              />
            ))}
          </CardList>
        ))}
      {lastPage > 1 && (
        <Pager summary={`${positions.data?.total} open positions`} page={page} lastPage={lastPage} onPage={setPage} />
      )}
      <h3 className="mt-5 text-sm font-semibold text-slate-800">Open orders</h3>
      <OpenOrderList approved={approved} />
    </Card>
  );
}

const quantityOf = (position: Position) =>
  Number(position.quantity).toLocaleString('en-US', { maximumFractionDigits: 8 });

function PositionAsset({ position }: { position: Position }) {
  return (
    <>
      <Link to={assetPath(position.asset)} className="block truncate font-medium text-slate-900 hover:underline">
        {position.asset.name}
      </Link>
      <span className="block text-xs text-slate-600">
        {position.asset.symbol} ·{' '}
        {position.account === 'auto' ? 'automated investing' : `opened ${openedOn(position.created_at)}`}
      </span>
    </>
  );
}
