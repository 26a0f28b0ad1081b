import { LIMITS } from '@toy/shared/constants';
import { brandRoutes } from '@toy/shared/features/brand';
import type { RouteOutput } from '@toy/shared/route';
import { useEffect, useState } from 'react';
import { call } from './loginApi';

type ShowcaseBrand = { id: number; title: string; pic: string };

/** Splits the showcase into `rows` rows of nearly equal length (60 brands → 3 × 20). */
export function splitRows<T>(items: readonly T[], rows: number): T[][] {
  const per = Math.ceil(items.length / rows) || 0;
  return Array.from({ length: rows }, (_, i) => items.slice(i * per, (i + 1) * per));
}

const PALETTE = ['#6d4aff', '#ff6b9a', '#ffb020', '#22c3a6', '#3b82f6', '#f97316'];
/** A card (136 px) with its margins and the row's spacing. */
const ITEM_WIDTH = 136 + 16 + 16;

function BrandCard({ brand }: { brand: ShowcaseBrand }) {
  return (
    <div className="lp-brand" data-testid="showcase-brand">
      {brand.pic ? (
        <img src={brand.pic} alt={brand.title} loading="lazy" />
      ) : (
        <div className="lp-brand-initial" style={{ background: PALETTE[brand.id % PALETTE.length] }}>
          {brand.title.slice(0, 1)}
        </div>
      )}
      <p title={brand.title}>{brand.title}</p>
    </div>
  );
}

/** The viewport's width, followed on resize. */
function useViewportWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * One endless row: the brands, then as many copies as fill the row, scrolling at `speed` px/s;
 * it stops while the pointer is on it.
 */
function MarqueeRow({ row, speed, reverse }: { row: ShowcaseBrand[]; speed: number; reverse: boolean }) {
  const viewport = useViewportWidth();
  const width = row.length * ITEM_WIDTH;
  const copies = width > 0 ? Math.max(1, Math.ceil(viewport / width)) : 0;
  const track = (copy: number) => (
    <div
      key={copy}
      className="lp-marquee-track"
      aria-hidden={copy > 0 ? true : undefined}
      style={{ '--lp-marquee-duration': `${width / speed}s` } as React.CSSProperties}
    >
      {row.map((b) => (
        <div key={b.id} className="lp-marquee-item">
          <BrandCard brand={b} />
        </div>
      ))}
    </div>
  );
  return (
    <div className={reverse ? 'lp-marquee reverse' : 'lp-marquee'} data-testid="showcase-row">
      {Array.from({ length: copies + 1 }, (_, copy) => track(copy))}
    </div>
  );
}

type State = { data?: RouteOutput<typeof brandRoutes.showcase>; error?: unknown; isLoading: boolean };

/** 首页 tab: the first 60 brands (api.brand.showcase) in three scrolling rows. */
export function BrandShowcase() {
  const [{ data, error, isLoading }, setState] = useState<State>({ isLoading: true });
  useEffect(() => {
    let live = true;
    call(brandRoutes.showcase).then(
      (next) => live && setState({ data: next, isLoading: false }),
      (err: unknown) => live && setState({ error: err, isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  const brands = (data?.ips ?? []).slice(0, LIMITS.showcaseBrands);
  const rows = splitRows(brands, LIMITS.showcaseRows);

  if (isLoading) {
    return (
      <div className="lp-skeleton-rows">
        {Array.from({ length: LIMITS.showcaseRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
          <div key={i} className="lp-skeleton-row">
            {Array.from({ length: 8 }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
              <div key={j} className="lp-skeleton" />
            ))}
          </div>
        ))}
      </div>
    );
  }
  if (error || brands.length === 0) {
    return (
      <div className="lp-empty" data-testid="showcase-empty">
        {error ? '品牌加载失败' : '暂无品牌'}
      </div>
    );
  }
  return (
    <div className="lp-showcase" data-testid="showcase" data-count={brands.length}>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <MarqueeRow key={i} row={row} speed={28 + i * 6} reverse={i % 2 === 1} />
      ))}
    </div>
  );
}
