import { createPositionClosing } from './position-closing.service.ts';
import { createPositionOpening } from './position-opening.service.ts';
import { createTradeSettlement, type TradingDeps } from './trade-settlement.service.ts';

// The one valuation of open positions, which the portfolio reads too.
export { dayValues, todayOf, type DayValueRow } from './held-lots.ts';

export function createTradingService(deps: TradingDeps) {
  const settlement = createTradeSettlement(deps);
  return { ...createPositionOpening(deps, settlement), ...createPositionClosing(deps, settlement) };
}

export type TradingService = ReturnType<typeof createTradingService>;
