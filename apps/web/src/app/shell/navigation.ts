/** The main entries of the signed-in shell, in order. */
export const mainEntries = [
  {
    id: 'portfolio',
    label: 'Portfolio',
    to: '/portfolio',
    sections: ['overview', 'account', 'holdings', 'position', 'history'],
  },
  { id: 'market', label: 'Market', to: '/market', sections: ['asset', 'trade'] },
  { id: 'savings', label: 'Savings', to: '/savings', sections: [] },
  { id: 'cash', label: 'Cash', to: '/cash', sections: [] },
  { id: 'history', label: 'History', to: '/history', sections: [] },
] as const;

/** Paths a user whose identity is not yet approved may open; the account settings are how they get approved. */
const openBeforeApproval = [
  '/portfolio',
  '/cash',
  '/deposit',
  '/transfer',
  '/user',
  '/profile',
  '/security',
  '/alerts',
  '/currency',
  '/kyc',
];

export function needsApprovedIdentity(pathname: string): boolean {
  return !openBeforeApproval.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The tab id stored in local storage under activeTab for a path. */
export function tabForPath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  const entry = mainEntries.find((candidate) => candidate.id === first);
  if (entry) return entry.id;
  if (['deposit', 'withdraw', 'transfer'].includes(first)) return 'cash';
  if (first === 'asset') return 'market';
  if (first === 'auto' || first === 'recurring') return 'portfolio';
  if (first === 'contribute' || first === 'cashout' || first === 'openaccount') return 'savings';
  return 'user';
}
