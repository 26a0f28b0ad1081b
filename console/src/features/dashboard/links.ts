import { MENU, type ReviewKind } from '@toy/shared';

/** A figure's list as the API names it: a menu page `url` and that list's query. */
export interface FigureLink {
  page: string;
  query: Record<string, string | number>;
}

/** The console path of a menu page (`order/list` → `/order/boxList`). */
export function pagePath(url: string): string {
  return MENU.find((row) => row.url === url)?.path ?? '/404';
}

/**
 * The address of a figure's list with its filters set. The query's names are those of the list's
 * typed URL state (its route's declared query), so the list opens as if the filters were chosen there.
 */
export function hrefOf(link: FigureLink): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(link.query)) {
    if (value === '' || value === null || value === undefined) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${pagePath(link.page)}?${text}` : pagePath(link.page);
}

/** The review page's URL words for a queue kind: `tab`, and `kind` inside 心愿星球 (toys or moments). */
const REVIEW_TAB: Record<ReviewKind, Record<string, string>> = {
  record: {},
  kuji: { tab: 'kuji' },
  toy: { tab: 'toy', kind: 'toy' },
  moment: { tab: 'toy', kind: 'moment' },
  skin: { tab: 'skin' },
};

/** The review page on a kind's tab with the waiting items (status 0, the page's default). */
export function reviewHref(kind: ReviewKind): string {
  return hrefOf({ page: 'review/blindBox', query: REVIEW_TAB[kind] });
}
