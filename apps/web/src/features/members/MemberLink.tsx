import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { cn } from "../../ui/cn";

/**
 * A member's name, linking to her profile. A name with no member behind it (a former member's
 * comment, an item a script uploaded) is plain text.
 */
export function MemberLink({
  id,
  children,
  className,
}: {
  id: string | null | undefined;
  children: ReactNode;
  className?: string;
}) {
  if (!id) return <span className={className}>{children}</span>;
  return (
    <Link
      to="/members/$id"
      params={{ id }}
      className={cn("underline decoration-line underline-offset-2 hover:text-plum hover:decoration-plum", className)}
    >
      {children}
    </Link>
  );
}
