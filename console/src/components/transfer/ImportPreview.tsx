import { Alert, Box, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { ProgressBar } from '../ProgressBar';
import type { ImportFigure, ImportPreviewShape } from './useImportStages';

function Figure({ label, value, color, testId }: ImportFigure) {
  return (
    <Box bg="gray.50" rounded="md" px="3" py="2" textAlign="center">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="700" color={color} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/** The dry run is under way: its words over a running bar (roomy in a dialog of its own). */
export function ImportChecking({ text, testId, roomy }: { text: string; testId: string; roomy?: boolean }) {
  return (
    <Stack gap={roomy ? '3' : '2'} py={roomy ? '6' : undefined} data-testid={testId}>
      <Text fontSize="sm" color="fg.muted" textAlign={roomy ? 'center' : undefined}>
        {text}
      </Text>
      <ProgressBar value={null} size="sm" colorPalette="brand" />
    </Stack>
  );
}

/** The rows of the error table shown at most (the error sheet has them all). */
const ERROR_ROWS_SHOWN = 500;

/**
 * A dry run: the feature's counts, then 错误行 with every bad row (行号, 列, 错误原因) and the error
 * sheet, or the words that the file may be applied (or that there is nothing to apply).
 */
export function ImportPreview({
  preview,
  figures,
  ids,
  hasErrors,
  ok,
  nothing,
}: {
  preview: ImportPreviewShape;
  figures: ImportFigure[];
  /** The test ids' prefix: `${ids}import-errors`, `-error-row`, `-report`. */
  ids: string;
  hasErrors: string;
  ok: string;
  /** The words when the file changes nothing (the confirm is then disabled). */
  nothing?: string;
}) {
  const all = [
    { label: '数据行', value: preview.total_num, testId: `${ids}import-total` },
    ...figures,
    {
      label: '错误行',
      value: preview.error_num,
      color: preview.error_num ? 'red.500' : undefined,
      testId: `${ids}import-errors`,
    },
  ];
  return (
    <Stack gap="4">
      <SimpleGrid columns={all.length > 3 ? { base: 2, md: all.length } : all.length} gap="2">
        {all.map((f) => (
          <Figure key={f.testId} {...f} />
        ))}
      </SimpleGrid>
      {preview.error_num > 0 ? (
        <Stack gap="3">
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{hasErrors}</Alert.Title>
          </Alert.Root>
          <Box maxH="260px" overflowY="auto" borderWidth="1px" borderColor="gray.100" rounded="md">
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader w="70px">行号</Table.ColumnHeader>
                  <Table.ColumnHeader w="90px">列</Table.ColumnHeader>
                  <Table.ColumnHeader>错误原因</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.errors.slice(0, ERROR_ROWS_SHOWN).map((e) => (
                  <Table.Row key={`${e.row}-${e.column}-${e.message}`} data-testid={`${ids}import-error-row`}>
                    <Table.Cell>第{e.row}行</Table.Cell>
                    <Table.Cell>{e.column}</Table.Cell>
                    <Table.Cell color="red.600">{e.message}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          {preview.error_url && (
            <Link
              href={preview.error_url}
              target="_blank"
              colorPalette="brand"
              fontSize="sm"
              data-testid={`${ids}import-report`}
            >
              <Download size={14} />
              下载错误报告（含错误原因列）
            </Link>
          )}
        </Stack>
      ) : (
        <Alert.Root status={nothing ? 'info' : 'success'} size="sm">
          <Alert.Indicator />
          <Alert.Title>{nothing ?? ok}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
