import { type MemberType, memberTypes } from "@club/shared";
import { useEffect, useState } from "react";
import { Button } from "../../../ui/Button";
import { SelectField, TextField } from "../../../ui/Field";

export const adminFilters = ["yes", "no"] as const;
export type AdminFilter = (typeof adminFilters)[number];

export interface MemberFilterValues {
  q?: string | undefined;
  type?: MemberType | undefined;
  admin?: AdminFilter | undefined;
}

const typeOptions = [{ value: "", label: "All types" }, ...memberTypes.map((t) => ({ value: t, label: t }))];
const adminOptions = [
  { value: "", label: "Everyone" },
  { value: "yes", label: "Admins only" },
  { value: "no", label: "Not admins" },
];

/**
 * The table's search (applied when sent, as before) and its two filters (applied when chosen). All
 * three live in the address, so a filtered list can be reloaded, shared and gone back to. Each
 * change is handed on alone (`onChange`), to be laid over the address as it is by then.
 */
export function MemberFilters({
  value,
  onChange,
}: {
  value: MemberFilterValues;
  onChange: (change: MemberFilterValues) => void;
}) {
  // The fields show a choice at once, while the list for it loads; the address then leads again
  // (back and forward change it under them).
  const [query, setQuery] = useState(value.q ?? "");
  const [type, setType] = useState(value.type);
  const [admin, setAdmin] = useState(value.admin);
  useEffect(() => setQuery(value.q ?? ""), [value.q]);
  useEffect(() => setType(value.type), [value.type]);
  useEffect(() => setAdmin(value.admin), [value.admin]);
  return (
    <search className="mb-6">
      <form
        className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(16rem,1fr)_11rem_11rem]"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: query.trim() || undefined });
        }}
      >
        <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
          <TextField
            label="Search by name or e-mail"
            type="search"
            value={query}
            maxLength={200}
            onChange={(e) => setQuery(e.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
        <SelectField
          label="Type"
          value={type ?? ""}
          options={typeOptions}
          onChange={(e) => {
            const chosen = memberTypes.find((t) => t === e.target.value);
            setType(chosen);
            onChange({ type: chosen });
          }}
        />
        <SelectField
          label="Admin"
          value={admin ?? ""}
          options={adminOptions}
          onChange={(e) => {
            const chosen = adminFilters.find((a) => a === e.target.value);
            setAdmin(chosen);
            onChange({ admin: chosen });
          }}
        />
      </form>
    </search>
  );
}
