import { formatQuantity } from '@itrust/contracts/format';
import { Fragment, useState } from 'react';
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
import { SplitNotice, useHeldSplits } from './split-note';

const perPage = 20;

/** Every open position with its value, today's move and total return, 20 a page; each opens its asset screen. */
export function OpenPositions({ approved }: { approved: boolean }) {
  const [page, setPage] = useState(1);
  const positions = useOpenPositionsPage(page, perPage, approved);
  const splits = useHeldSplits(approved);
  // The quantity of a position a split touched jumps: its note says why, on the row itself.
  const splitOf = (position: Position) => splits.data?.get(position.asset.symbol);
  const noteOf = (position: Position) => {
    const split = splitOf(position);
    return split && <SplitNotice split={split} />;
  };
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
                {rows.map((position) => {
                  const split = splitOf(position);
                  return (
                    <Fragment key={position.id}>
                      <tr className={split ? 'border-b-0!' : ''}>
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
                      {split && (
                        <tr>
                          <td colSpan={5} className="pb-3">
                            <SplitNotice split={split} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
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
                note={noteOf(position)}
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

const quantityOf = (position: Position) => formatQuantity(position.quantity);

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
