import { MAX_SERIES_DATES } from "@club/shared";
import { type ReactNode, useId } from "react";
import { cn } from "../../ui/cn";
import {
  effectiveMonthly,
  MAX_WEEK_INTERVAL,
  MIN_REPEAT_TIMES,
  monthlyOptions,
  type RepeatForm,
  type RepeatProblems,
  repeatSentence,
  WEEKDAY_NAMES,
  WEEKDAYS,
  weekdayOf,
} from "./repeat";
import { RepeatIcon } from "./SeriesSummary";

const control =
  "rounded-lg border border-line bg-card px-3 py-2 text-ink focus:border-plum focus:outline-none focus:ring-2 focus:ring-plum/20";

const frequencies = [
  { value: "never", label: "Never" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
] as const;

function Problem({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} role="alert" className="text-sm text-danger">
      {children}
    </p>
  ) : null;
}

/**
 * The event wizard's "Repeats" (creating only): never, weekly on some days every N weeks, or
 * monthly on the date's day or weekday; ending after N times or on a date. Under it, what will
 * happen in a sentence. `day` is the event's date (today when the form has none).
 */
export function RepeatField({
  value,
  onChange,
  day,
  errors,
}: {
  value: RepeatForm;
  onChange: (next: RepeatForm) => void;
  day: string;
  errors: RepeatProblems;
}) {
  const id = useId();
  const set = (patch: Partial<RepeatForm>) => onChange({ ...value, ...patch });
  const monthly = effectiveMonthly(value.monthly, day);
  const sentence = repeatSentence(value, day);
  const radio = "size-4 shrink-0 accent-plum";

  return (
    <div className="flex flex-col gap-4 sm:col-span-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Repeats</legend>
        {/* Radios drawn as a segmented control: one choice, arrow keys move between them. */}
        <div className="inline-flex rounded-full border border-line bg-card p-1">
          {frequencies.map((f) => (
            <label key={f.value} className="relative">
              <input
                type="radio"
                name={`${id}-freq`}
                value={f.value}
                checked={value.freq === f.value}
                onChange={() =>
                  set({
                    freq: f.value,
                    // Weekly starts on the date's own weekday.
                    ...(f.value === "weekly" && value.days.length === 0 ? { days: [weekdayOf(day)] } : {}),
                  })
                }
                className="peer sr-only"
              />
              <span className="block cursor-pointer rounded-full px-4 py-1.5 text-sm text-ink transition-colors peer-checked:bg-plum peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-gold peer-focus-visible:outline-offset-2 hover:bg-plum-soft peer-checked:hover:bg-plum">
                {f.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {value.freq === "never" ? null : (
        <div className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-paper p-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:p-5">
          {value.freq === "weekly" ? (
            <div className="flex flex-col gap-4">
              <fieldset aria-describedby={errors.days ? `${id}-days-error` : undefined}>
                <legend className="mb-2 text-sm font-medium text-ink">On these days</legend>
                <div className="grid max-w-sm grid-cols-7 gap-1">
                  {WEEKDAYS.map((d) => (
                    <label key={d} className="relative">
                      <input
                        type="checkbox"
                        checked={value.days.includes(d)}
                        onChange={(e) =>
                          set({ days: e.target.checked ? [...value.days, d] : value.days.filter((x) => x !== d) })
                        }
                        className="peer sr-only"
                      />
                      <span
                        aria-hidden="true"
                        className="flex h-10 cursor-pointer items-center justify-center rounded-lg border border-line bg-card text-[13px] text-ink transition-colors peer-checked:border-plum peer-checked:bg-plum peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-gold peer-focus-visible:outline-offset-2 hover:border-plum"
                      >
                        {WEEKDAY_NAMES[d].slice(0, 3)}
                      </span>
                      <span className="sr-only">{WEEKDAY_NAMES[d]}</span>
                    </label>
                  ))}
                </div>
                <Problem id={`${id}-days-error`}>{errors.days}</Problem>
              </fieldset>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-interval`} className="text-sm font-medium text-ink">
                  How often
                </label>
                <select
                  id={`${id}-interval`}
                  value={value.interval}
                  onChange={(e) => set({ interval: e.target.value })}
                  aria-invalid={errors.interval ? true : undefined}
                  aria-describedby={errors.interval ? `${id}-interval-error` : undefined}
                  className={cn(control, "w-full max-w-sm")}
                >
                  {Array.from({ length: MAX_WEEK_INTERVAL }, (_, i) => (
                    <option key={i} value={String(i + 1)}>
                      {i === 0 ? "Every week" : `Every ${i + 1} weeks`}
                    </option>
                  ))}
                </select>
                <Problem id={`${id}-interval-error`}>{errors.interval}</Problem>
              </div>
            </div>
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-ink">Each month</legend>
              <div className="flex flex-col gap-2.5">
                {monthlyOptions(day).map((o) => (
                  <label key={o.value} className="flex items-center gap-2.5 text-sm text-ink">
                    <input
                      type="radio"
                      name={`${id}-monthly`}
                      checked={monthly === o.value}
                      onChange={() => set({ monthly: o.value })}
                      className={radio}
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink">Ends</legend>
            <div className="flex flex-col gap-2.5">
              <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5 text-sm text-ink">
                <input
                  id={`${id}-ends-count`}
                  type="radio"
                  name={`${id}-ends`}
                  checked={value.ends === "count"}
                  onChange={() => set({ ends: "count" })}
                  className={radio}
                />
                <label htmlFor={`${id}-ends-count`}>After</label>
                <input
                  type="number"
                  inputMode="numeric"
                  min={MIN_REPEAT_TIMES}
                  max={MAX_SERIES_DATES}
                  aria-label="Number of times"
                  value={value.count}
                  onFocus={() => value.ends === "count" || set({ ends: "count" })}
                  onChange={(e) => set({ count: e.target.value, ends: "count" })}
                  aria-invalid={errors.count ? true : undefined}
                  aria-describedby={errors.count ? `${id}-count-error` : undefined}
                  className={cn(control, "w-20 py-1.5")}
                />
                <span>times</span>
              </div>
              <Problem id={`${id}-count-error`}>{errors.count}</Problem>
              <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5 text-sm text-ink">
                <input
                  id={`${id}-ends-until`}
                  type="radio"
                  name={`${id}-ends`}
                  checked={value.ends === "until"}
                  onChange={() => set({ ends: "until" })}
                  className={radio}
                />
                <label htmlFor={`${id}-ends-until`}>On</label>
                <input
                  type="date"
                  aria-label="Last date"
                  min={day}
                  value={value.until}
                  onFocus={() => value.ends === "until" || set({ ends: "until" })}
                  onChange={(e) => set({ until: e.target.value, ends: "until" })}
                  aria-invalid={errors.until ? true : undefined}
                  aria-describedby={errors.until ? `${id}-until-error` : undefined}
                  className={cn(control, "py-1.5")}
                />
              </div>
              <Problem id={`${id}-until-error`}>{errors.until}</Problem>
            </div>
          </fieldset>

          {/* Said as it changes, so a screen reader hears what the choices make. */}
          <p
            aria-live="polite"
            className={cn(
              "flex items-start gap-2 text-sm sm:col-span-2",
              sentence ? "border-line border-t pt-4 text-plum" : "sr-only",
            )}
          >
            {sentence ? <RepeatIcon className="mt-0.5 size-4 shrink-0" /> : null}
            <span>{sentence}</span>
          </p>
        </div>
      )}
    </div>
  );
}
