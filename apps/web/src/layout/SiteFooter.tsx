import { Link } from "@tanstack/react-router";
import { today } from "../lib/time-zone";

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-line bg-paper-deep">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-8 text-sm text-ink-soft sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p>© {today().slice(0, 4)} The Club · A private club for women executives</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-5">
            <li>
              <Link to="/privacy-policy" className="hover:text-plum">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="hover:text-plum">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-plum">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
