import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { deliveryStatusText } from '@toy/shared';
import type { ReactNode } from 'react';

const PALETTE: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 4: 'purple', 5: 'teal' };

/** A pickup's delivery status (spec 02 §4). */
export function DeliveryBadge({ status }: { status: number }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-testid="delivery-status">
      {deliveryStatusText(status)}
    </Badge>
  );
}

/** The receiver: name and phone, then the full address. */
export function Receiver({
  r,
}: {
  r: { username: string; phone: string; province: string; city: string; area: string; address: string };
}) {
  return (
    <Stack gap="0" fontSize="sm" maxW="240px">
      <Text fontWeight="500">
        {r.username} {r.phone}
      </Text>
      <Text color="fg.muted">{[r.province, r.city, r.area, r.address].filter(Boolean).join(' ')}</Text>
    </Stack>
  );
}

export const fullAddress = (r: {
  username: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  address: string;
}) => `${r.username} ${r.phone} ${[r.province, r.city, r.area, r.address].filter(Boolean).join('')}`;

/** The order detail / ship page of a retrieval order (type 1): the row id, or active_order_sn for ichiban-kuji. */
export const retrievalHref = (
  page: 'detail' | 'send',
  row: { id: number; bussiness_type: number; active_order_sn: string },
) =>
  `/order/${page}?${new URLSearchParams({ id: row.bussiness_type === 2 ? row.active_order_sn : String(row.id), type: '1' })}`;

/** A white panel with a heading, as the detail and ship pages group their facts. */
export function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box bg="white" rounded="lg" p="4" borderWidth="1px" borderColor="gray.100">
      {title && (
        <Heading size="sm" mb="3">
          {title}
        </Heading>
      )}
      {children}
    </Box>
  );
}
