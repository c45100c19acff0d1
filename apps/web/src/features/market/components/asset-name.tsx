import type { Asset } from '@itrust/contracts';

export const assetPath = (asset: Pick<Asset, 'name' | 'symbol'>) =>
  `/asset/${encodeURIComponent(asset.name)}/${encodeURIComponent(asset.symbol)}`;

export function AssetName({
  asset,
  size = 'size-8',
}: {
  asset: Pick<Asset, 'img' | 'name' | 'symbol'>;
  size?: string;
}) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <img src={asset.img} alt="" className={`${size} shrink-0 rounded-full`} loading="lazy" decoding="async" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{asset.name}</span>
        <span className="block text-xs text-slate-600">{asset.symbol}</span>
      </span>
    </span>
  );
}
