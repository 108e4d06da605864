import { Link } from "@tanstack/react-router";

/** "Write", beside a member's name in a list (an event's guest list): her profile with "Write to her" open. */
export function WriteLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      to="/members/$id"
      params={{ id }}
      search={{ write: 1 }}
      aria-label={`Write to ${name}`}
      className="ml-2 text-xs font-medium text-plum underline underline-offset-2"
    >
      Write
    </Link>
  );
}
