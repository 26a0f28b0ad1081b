import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatRemaining, messages, type Order } from '@toy/shared';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageMessage } from '../../components/PageMessage';

/** The detail and ship pages of an order (type 2 normal, 1 retrieval), by order number. */
export const detailHref = (sn: string, type = 2) => `/order/detail?id=${encodeURIComponent(sn)}&type=${type}`;
export const shipHref = (sn: string, type = 2) => `/order/send?id=${encodeURIComponent(sn)}&type=${type}`;

/** A colour per kind of state: waiting on the buyer, on the merchant, done, money back, ended. */
const paletteOf = (o: Order) => {
  if (o.is_close) return 'gray';
  if (o.tran_state === 1) return 'orange';
  if (o.tran_state === 2) return o.logistics_state === 0 || o.logistics_state === 4 ? 'red' : 'green';
  if (o.tran_state === 4 || o.tran_state === 6) return 'purple';
  if (o.tran_state === 7) return 'red';
  return 'gray';
};

/** The order's header text (spec 02 §4, from shared) as a badge; pending payment counts down. */
export function OrderStateBadge({ order, testId = 'order-state' }: { order: Order; testId?: string }) {
  const left = useCountdown(order.surplus_time);
  const text =
    order.tran_state === 1 && !order.is_close
      ? order.state_text.replace(/剩余.*$/, `剩余${formatRemaining(left)}`)
      : order.state_text;
  return (
    <Badge colorPalette={paletteOf(order)} variant="subtle" whiteSpace="normal" data-testid={testId}>
      {text}
    </Badge>
  );
}

/** Seconds left, ticking down once a second from what the server said. */
export function useCountdown(seconds: number) {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return Math.max(0, seconds - Math.floor((now - start) / 1000));
}

export const fullAddress = (o: Pick<Order, 'province' | 'city' | 'area' | 'address'>) =>
  [o.province, o.city, o.area, o.address].filter(Boolean).join(' ');

/** Name and phone over the full address. */
export function ReceiverLines({ order }: { order: Order }) {
  return (
    <Stack gap="0" fontSize="sm" minW="160px">
      <Text>
        {order.username} {order.phone}
      </Text>
      <Text color="fg.muted" lineClamp={2}>
        {fullAddress(order)}
      </Text>
    </Stack>
  );
}

/** Where the merchant may act on an order (the API checks the same states). */
export const can = {
  ship: (o: Order) =>
    !o.is_close && o.tran_state === 2 && [0, 4, 5].includes(o.logistics_state) && o.dont_send.length > 0,
  refund: (o: Order) =>
    !o.is_close && (o.tran_state === 2 || o.tran_state === 7) && [0, 4, 5].includes(o.logistics_state),
  close: (o: Order) => !o.is_close && [1, 3, 4, 5, 7].includes(o.tran_state),
};

/**
 * /order/detail and /order/send (`?id&type`): a normal order's page (type 2, id = order_sn), or a
 * retrieval order's (type 1, loaded on demand); without an id, the page says so with a way back.
 */
export function OrderAddressRoute({
  title,
  Normal,
  Retrieval,
  testId,
}: {
  title: string;
  Normal: ComponentType<{ sn: string }>;
  Retrieval: ComponentType<{ id: string }>;
  testId?: string;
}) {
  const [search] = useSearchParams();
  const id = (search.get('id') ?? '').trim();
  const retrieval = search.get('type') === '1';
  if (!id)
    return (
      <PageMessage
        title={title}
        message={messages.order.detailIdMissing}
        back={{ to: retrieval ? '/order/sendList' : '/order/boxList', label: '返回订单列表' }}
        testId={testId}
      />
    );
  if (!retrieval) return <Normal sn={id} />;
  return (
    <Suspense>
      <Retrieval id={id} />
    </Suspense>
  );
}
