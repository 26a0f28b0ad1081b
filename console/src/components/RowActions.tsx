import { Button, HStack } from '@chakra-ui/react';
import { History, type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The buttons of a row's 操作 cell, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <HStack gap="0" flexWrap="wrap">
      {children}
    </HStack>
  );
}

export interface RowActionProps {
  icon: LucideIcon;
  children: ReactNode;
  onClick: () => void;
  /** The button's colour palette: brand (default), red for delete, orange for warnings, gray for records. */
  palette?: string;
  testId?: string;
}

/** One small ghost button of a row's 操作 cell: an icon and a word. */
export function RowAction({ icon: Icon, children, onClick, palette = 'brand', testId }: RowActionProps) {
  return (
    <Button size="xs" variant="ghost" colorPalette={palette} onClick={onClick} data-testid={testId}>
      <Icon size={14} />
      {children}
    </Button>
  );
}

/** 编辑 of a row. */
export function EditAction({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <RowAction icon={Pencil} onClick={onClick} testId={testId}>
      编辑
    </RowAction>
  );
}

/** 删除 of a row (the caller asks for confirmation). */
export function DeleteAction({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <RowAction icon={Trash2} palette="red" onClick={onClick} testId={testId}>
      删除
    </RowAction>
  );
}

/** 操作记录 of a row (opens the audit dialog). */
export function AuditAction({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <RowAction icon={History} palette="gray" onClick={onClick} testId={testId}>
      操作记录
    </RowAction>
  );
}

/** A small link-like button under a cell's value (修改库存, 查看剩余库存…). */
export function CellAction({
  children,
  onClick,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Button size="2xs" variant="plain" colorPalette="brand" px="0" onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
