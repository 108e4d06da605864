import { Button } from "../../../ui/Button";

/** Previous and Next, and where she is among the pages. */
export function MemberPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        Previous
      </Button>
      <span className="text-sm text-ink-soft tabular-nums">
        Page {page.toLocaleString("en-US")} of {pages.toLocaleString("en-US")}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
