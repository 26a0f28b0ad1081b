import { COLLECTIBLE_TYPES } from '@toy/shared';
import { ActionMenu } from '../../components/ActionMenu';
import { CreateButton } from './CreateButton';

/** 创建数字藏品: a menu of the collectible types, each opening its form. */
export function CreateMenu({ onPick }: { onPick: (type: number) => void }) {
  return (
    <ActionMenu
      trigger={<CreateButton data-testid="collectible-add" />}
      items={COLLECTIBLE_TYPES.map((t) => ({
        value: String(t.value),
        label: t.label,
        onClick: () => onPick(t.value),
        testId: `collectible-add-${t.value}`,
      }))}
    />
  );
}
