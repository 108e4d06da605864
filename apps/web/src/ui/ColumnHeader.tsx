import type { ReactNode } from "react";
import { cn } from "./cn";

/** A column's header in one of the club's tables: named for screen readers, amounts to the right. */
export function ColumnHeader({ children, align = "left" }: { children: ReactNode; align?: "left" | "right" }) {
  return (
    <th scope="col" className={cn("p-3 font-medium", align === "right" && "text-right")}>
      {children}
    </th>
  );
}
