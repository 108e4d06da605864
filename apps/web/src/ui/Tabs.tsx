import { Tabs as RadixTabs } from "radix-ui";
import type { ReactNode } from "react";

/** Tabs on Radix (arrow keys move between them). */
export function Tabs<T extends string>({
  value,
  onValueChange,
  tabs,
  label,
}: {
  value: T;
  onValueChange: (value: T) => void;
  tabs: { value: T; label: ReactNode; content: ReactNode }[];
  label: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      // Radix answers with the trigger's value as a string: the tab it names.
      onValueChange={(v) => {
        const tab = tabs.find((t) => t.value === v);
        if (tab) onValueChange(tab.value);
      }}
    >
      <RadixTabs.List aria-label={label} className="mb-6 flex flex-wrap gap-1 border-b border-line">
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-ink-soft hover:text-plum data-[state=active]:border-plum data-[state=active]:text-plum"
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="focus-visible:outline-none">
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
