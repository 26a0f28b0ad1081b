import { Tabs } from '@chakra-ui/react';

/** A tab of TabList: its value and its label. */
export interface TabItem {
  value: string;
  label: string;
}

/** The triggers of a Tabs.Root, one per tab; each one's test id is `<prefix>-tab-<value>`. */
export function TabList({ prefix, tabs, ...list }: { prefix: string; tabs: readonly TabItem[] } & Tabs.ListProps) {
  return (
    <Tabs.List {...list}>
      {tabs.map((t) => (
        <Tabs.Trigger key={t.value} value={t.value} data-testid={`${prefix}-tab-${t.value}`}>
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
