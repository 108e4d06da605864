import { Tabs as RadixTabs } from "radix-ui";
import { type ReactNode, useEffect, useRef } from "react";

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
  const list = useRef<HTMLDivElement>(null);
  // The open tab is in view in the line, when it opens from a link on a phone too (the line only,
  // not the page, scrolls to it).
  useEffect(() => {
    const line = list.current;
    const active = line?.querySelector<HTMLElement>("[data-state=active]");
    if (!line || !active) return;
    if (
      active.offsetLeft < line.scrollLeft ||
      active.offsetLeft + active.offsetWidth > line.scrollLeft + line.clientWidth
    )
      line.scrollLeft = active.offsetLeft - 16;
  }, [value]);
  return (
    <RadixTabs.Root
      value={value}
      // Radix answers with the trigger's value as a string: the tab it names.
      onValueChange={(v) => {
        const tab = tabs.find((t) => t.value === v);
        if (tab) onValueChange(tab.value);
      }}
    >
      {/* One line that scrolls sideways when the tabs are wider than the window (a phone): they
          never wrap. The rule under them is a shadow inside the line, which the active tab's
          border covers (a border would be clipped by the scrolling). */}
      <RadixTabs.List
        ref={list}
        aria-label={label}
        className="relative mb-6 flex gap-1 overflow-x-auto whitespace-nowrap shadow-[inset_0_-1px_0_var(--color-line)] [scrollbar-width:none]"
      >
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-ink-soft hover:text-plum data-[state=active]:border-plum data-[state=active]:text-plum"
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
