import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Thumbnail } from '../../components/columns';

/** A card's decisions: 通过 (after a confirmation) and 驳回 (opens the reject dialog). */
export interface DecisionActions {
  onApprove: () => void;
  onReject: () => void;
}

/** The 通过 and 驳回 buttons of a review card; `testId` prefixes them (`<testId>-review-approve`, `-reject`). */
function DecisionButtons({ testId, onApprove, onReject }: DecisionActions & { testId: string }) {
  return (
    <HStack>
      <Button size="sm" colorPalette="green" onClick={onApprove} data-testid={`${testId}-review-approve`}>
        通过
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} data-testid={`${testId}-review-reject`}>
        驳回
      </Button>
    </HStack>
  );
}

/**
 * One item of a review tab (kuji, toy, skin): its picture and facts, 通过/驳回 while it waits, the
 * parts the reviewer checks (`children`, tiles at least `tileWidth` wide), and the reason it was
 * rejected. `testId` prefixes the test ids.
 */
export function ReviewCard({
  testId,
  p = '5',
  picture,
  info,
  pending,
  actions,
  reason,
  tileWidth,
  children,
}: {
  testId: string;
  p?: string;
  picture?: { src: string; alt: string; size: number };
  info: ReactNode;
  pending: boolean;
  actions: DecisionActions;
  reason?: string;
  tileWidth?: string;
  children?: ReactNode;
}) {
  const facts = <Stack gap="1">{info}</Stack>;
  return (
    <Box bg="white" rounded="lg" shadow="xs" p={p} data-testid={`${testId}-review-card`}>
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        {picture ? (
          <HStack gap="3" align="start">
            <Thumbnail {...picture} />
            {facts}
          </HStack>
        ) : (
          facts
        )}
        {pending && <DecisionButtons testId={testId} {...actions} />}
      </HStack>
      {children && (
        <Grid templateColumns={`repeat(auto-fill, minmax(${tileWidth}, 1fr))`} gap="2" mt="4">
          {children}
        </Grid>
      )}
      {reason && (
        <Text mt="3" fontSize="sm" color="red.600">
          驳回原因：{reason}
        </Text>
      )}
    </Box>
  );
}
