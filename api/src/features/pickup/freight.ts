import { type Country, type FreightCurrency, messages, templateFreight } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { depositFreight, freightTemplates } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';

/**
 * The freight of a new pickup of `items` items of brand `ipId`, in hundredths of its currency.
 * At home (no country): the brand's deposit settings, free from free_num items, else unit_price
 * (none set: free). Overseas: the brand's freight template for the country (shared
 * templateFreight: baht for Thailand, US dollars elsewhere); without one the pickup is refused.
 */
export async function pickupFreight(
  tx: Tx,
  ipId: number,
  country: Country | undefined,
  items: number,
): Promise<{ currency: FreightCurrency; amount: number }> {
  if (country === undefined) {
    const [rule] = await tx.select().from(depositFreight).where(eq(depositFreight.ipId, ipId));
    return { currency: 'CNY', amount: rule && items < rule.freeNum ? rule.unitPrice : 0 };
  }
  const [t] = await tx
    .select()
    .from(freightTemplates)
    .where(and(eq(freightTemplates.ipId, ipId), eq(freightTemplates.country, country)));
  if (!t) throw httpError(400, messages.brand.freightUnset);
  return templateFreight({ free_num: t.freeNum, price_us: t.priceUs, price_th: t.priceTh }, country, items);
}
